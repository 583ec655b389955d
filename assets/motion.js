// Cards that move (issue 11). The page is drawn whole on every change (thousand/ui/browser.py);
// this looks at the cards before and after a drawing and moves each from where it was to where
// it is now, so no screen has to know about animation:
// - a card with the same data-key in both drawings slides from its old place (a card played from
//   the hand to the trick, the talon into the declarer's hand, a card passed to a seat);
// - a card new in this drawing, with data-from, comes from that anchor (a seat's fan: a
//   computer's card to the trick, the cards dealt into the hand);
// - a card gone from this drawing, with data-to, is drawn once more going to that anchor and
//   removed (a trick sliding to its winner, the talon to a computer declarer).
// Anchors are elements with data-anchor (a space-separated list of names, e.g. "seat-2
// declarer"). Only the transform and opacity change, so nothing is laid out again and a tap
// lands where the card is drawn now: no movement delays what a player can already do. Each
// movement lasts at most DURATION ms. None run with prefers-reduced-motion or when
// <html data-motion="off"> (the player's setting).
(() => {
  const DURATION = 240;    // ms, the longest movement (the issue allows 300)
  const STAGGER = 18;      // ms between two cards dealt at once
  const MAX_STAGGER = 60;  // so that a whole hand arrives within DURATION + 60
  const reduced = matchMedia("(prefers-reduced-motion: reduce)");
  const frames = { running: 0, gaps: [], last: 0 };  // frame timing while cards move

  const enabled = () => !reduced.matches && document.documentElement.dataset.motion !== "off";

  function tableOf(root) {
    const t = root.querySelector("[data-table]");
    return t ? t.getAttribute("data-table") : null;
  }

  // Where the cards and anchors are now, before the page is drawn again.
  function before(root) {
    const snap = { table: tableOf(root), cards: new Map(), anchors: new Map() };
    if (!snap.table || !enabled()) return snap;
    for (const el of root.querySelectorAll("[data-key]")) {
      snap.cards.set(el.getAttribute("data-key"), { rect: el.getBoundingClientRect(), el });
    }
    for (const el of root.querySelectorAll("[data-anchor]")) {
      for (const name of el.getAttribute("data-anchor").split(" ")) {
        snap.anchors.set(name, el.getBoundingClientRect());
      }
    }
    return snap;
  }

  function anchorRect(root, snap, name) {
    for (const el of root.querySelectorAll("[data-anchor]")) {
      if (el.getAttribute("data-anchor").split(" ").includes(name)) return el.getBoundingClientRect();
    }
    return snap.anchors.get(name) || null;
  }

  function shift(from, to) {  // the transform that draws a box of `to` at the place of `from`
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    const scale = to.width ? Math.max(0.3, Math.min(2.5, from.width / to.width)) : 1;
    return `translate(${dx}px, ${dy}px) scale(${scale})`;
  }

  function watchFrames(animation) {
    frames.running += 1;
    if (frames.running === 1) {
      frames.last = performance.now();
      const tick = (now) => {
        frames.gaps.push(now - frames.last);
        if (frames.gaps.length > 5000) frames.gaps.splice(0, 1000);
        frames.last = now;
        if (frames.running > 0) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    }
    const done = () => { frames.running = Math.max(0, frames.running - 1); };
    animation.finished.then(done, done);
  }

  function move(el, keyframes, delay) {
    const animation = el.animate(keyframes, { duration: DURATION, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" });
    watchFrames(animation);
    return animation;
  }

  // Move what changed between `snap` and the page as it is drawn now.
  function after(root, snap) {
    if (!snap.table || snap.table !== tableOf(root) || !enabled()) return 0;
    let moved = 0, dealt = 0;
    const present = new Set();
    for (const el of root.querySelectorAll("[data-key]")) {
      const key = el.getAttribute("data-key");
      present.add(key);
      const old = snap.cards.get(key);
      const now = el.getBoundingClientRect();
      if (old) {
        if (Math.abs(old.rect.left - now.left) + Math.abs(old.rect.top - now.top) > 2) {
          move(el, [{ transform: shift(old.rect, now) }, { transform: "none" }], 0);
          moved += 1;
        }
      } else if (el.hasAttribute("data-from")) {
        const from = anchorRect(root, snap, el.getAttribute("data-from"));
        if (!from) continue;
        const delay = Math.min(MAX_STAGGER, dealt * STAGGER);
        dealt += 1;
        move(el, [{ transform: shift(from, now), opacity: 0.3 }, { transform: "none", opacity: 1 }], delay);
        moved += 1;
      }
    }
    for (const [key, old] of snap.cards) {
      if (present.has(key) || !old.el.hasAttribute("data-to")) continue;
      const to = anchorRect(root, snap, old.el.getAttribute("data-to"));
      if (!to) continue;
      // the card as it was drawn, once more, on its way out
      const ghost = old.el.cloneNode(true);
      ghost.removeAttribute("data-key");
      ghost.setAttribute("aria-hidden", "true");
      ghost.classList.add("ghost");
      Object.assign(ghost.style, { position: "fixed", left: `${old.rect.left}px`, top: `${old.rect.top}px`,
        width: `${old.rect.width}px`, height: `${old.rect.height}px`, margin: "0", zIndex: "5", pointerEvents: "none" });
      document.body.appendChild(ghost);
      const gone = move(ghost, [{ transform: "none", opacity: 1 }, { transform: shift(to, old.rect), opacity: 0.2 }], 0);
      const remove = () => ghost.remove();
      gone.finished.then(remove, remove);
      moved += 1;
    }
    return moved;
  }

  // The next frame after this one has been painted: a tapped card is seen leaving the hand
  // before Python works out the rest of the move.
  const painted = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));

  function stats() {
    const g = frames.gaps.slice().sort((a, b) => a - b);
    const at = (q) => (g.length ? g[Math.min(g.length - 1, Math.floor(q * g.length))] : 0);
    return { frames: g.length, median: at(0.5), p95: at(0.95), max: g.length ? g[g.length - 1] : 0,
      over50: g.filter((x) => x > 50).length, running: frames.running };
  }

  window.thousandMotion = { before, after, painted, stats, enabled,
    reset: () => { frames.gaps = []; } };
})();
