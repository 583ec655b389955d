// The card table's sounds, made in the page with WebAudio: no sound files, nothing fetched.
//
//   window.thousandSound.play(name)   name: "card" | "trick" | "bid" | "marriage" | "deal" | "barrel"
//   window.thousandSoundsPlayed       every name asked for, oldest first (for the browser tests)
//
// thousand/ui/browser.py calls play() for what happened at the table while the "sound" preference
// is on. Browsers refuse to start audio before the person has touched the page, so the
// AudioContext is made on the first gesture (and woken again after one, should the browser have
// put it to sleep); a sound asked for before that is counted but not heard. Any failure stays
// silent: the sounds are a courtesy, never a reason for an error.
(() => {
  "use strict";
  const played = [];
  window.thousandSoundsPlayed = played;

  let ctx = null;    // made on the first gesture
  let out = null;    // every sound goes through it: one volume for all, kept low
  let noise = null;  // one second of white noise, shared by the noisy sounds
  let free = 0;      // when the last sound leaves room for the next (several come at once)

  const wake = () => {
    try {
      if (ctx) {
        if (ctx.state === "suspended") ctx.resume().catch(() => {});
        return;
      }
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) return;
      ctx = new Context();
      out = ctx.createGain();
      out.gain.value = 0.35;
      out.connect(ctx.destination);
      noise = ctx.createBuffer(1, ctx.sampleRate, ctx.sampleRate);
      const data = noise.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    } catch (e) {
      ctx = null;
    }
  };
  for (const type of ["pointerdown", "keydown", "touchend"]) {
    addEventListener(type, wake, { capture: true, passive: true });
  }

  // a gain that rises to `peak` in `attack` seconds and dies away in `decay` (exponentially,
  // as struck things do); it ends at t + attack + decay
  const envelope = (t, peak, attack, decay) => {
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, t);
    g.gain.exponentialRampToValueAtTime(peak, t + attack);
    g.gain.exponentialRampToValueAtTime(0.0001, t + attack + decay);
    g.connect(out);
    return g;
  };

  // a tone from `f0` Hz (gliding to `f1`, if given)
  const tone = (t, { f0, f1 = f0, type = "sine", peak, attack = 0.004, decay }) => {
    const o = ctx.createOscillator();
    o.type = type;
    o.frequency.setValueAtTime(f0, t);
    if (f1 !== f0) o.frequency.exponentialRampToValueAtTime(f1, t + attack + decay);
    o.connect(envelope(t, peak, attack, decay));
    o.start(t);
    o.stop(t + attack + decay + 0.02);
  };

  // filtered noise, the filter's frequency moving from `f0` to `f1`
  const hiss = (t, { f0, f1 = f0, q = 1, filter = "bandpass", peak, attack = 0.002, decay }) => {
    const src = ctx.createBufferSource();
    src.buffer = noise;
    const f = ctx.createBiquadFilter();
    f.type = filter;
    f.Q.value = q;
    f.frequency.setValueAtTime(f0, t);
    if (f1 !== f0) f.frequency.exponentialRampToValueAtTime(f1, t + attack + decay);
    src.connect(f);
    f.connect(envelope(t, peak, attack, decay));
    const length = attack + decay + 0.02;
    src.start(t, Math.random() * (noise.duration - length), length);
  };

  // each sound: how to make it at time t, and how long before the next may start
  const SOUNDS = {
    // a card laid on the cloth: a short bright snap
    card: [(t) => hiss(t, { f0: 3400, f1: 1500, q: 0.9, peak: 0.55, decay: 0.06 }), 0.07],
    // a trick gathered: a soft swish rising and falling away
    trick: [(t) => hiss(t, { f0: 600, f1: 2600, q: 0.7, peak: 0.22, attack: 0.08, decay: 0.2 }),
      0.2],
    // a bid or a pass: a soft wooden tick
    bid: [(t) => {
      tone(t, { f0: 1100, f1: 640, type: "triangle", peak: 0.3, attack: 0.002, decay: 0.06 });
      hiss(t, { f0: 2500, q: 2, peak: 0.08, decay: 0.015 });
    }, 0.08],
    // a marriage: two bell notes, a fifth apart
    marriage: [(t) => {
      tone(t, { f0: 880, peak: 0.22, attack: 0.005, decay: 0.28 });
      tone(t, { f0: 1760, peak: 0.05, attack: 0.005, decay: 0.14 });
      tone(t + 0.1, { f0: 1318.5, peak: 0.2, attack: 0.005, decay: 0.27 });
      tone(t + 0.1, { f0: 2637, peak: 0.04, attack: 0.005, decay: 0.12 });
    }, 0.2],
    // the end of a deal: a short rising figure, C E G
    deal: [(t) => {
      [523.25, 659.25, 783.99].forEach((f, i) =>
        tone(t + 0.09 * i, { f0: f, type: "triangle", peak: 0.18, attack: 0.006, decay: 0.14 }));
    }, 0.25],
    // on or off the barrel: a low thump
    barrel: [(t) => {
      tone(t, { f0: 140, f1: 45, peak: 0.6, attack: 0.004, decay: 0.24 });
      hiss(t, { f0: 320, filter: "lowpass", q: 0.5, peak: 0.25, decay: 0.07 });
    }, 0.2],
  };
  const BEHIND = 1.5; // seconds: sounds that would come later than this are let go

  const play = (name) => {
    try {
      const sound = SOUNDS[name];
      if (!sound) return;
      played.push(name);
      if (!ctx || ctx.state !== "running") return;
      const now = ctx.currentTime;
      const t = Math.max(now + 0.005, free);
      if (t > now + BEHIND) return; // a burst of moves: the table has moved on
      sound[0](t);
      free = t + sound[1];
    } catch (e) {
      // silent by design (see above)
    }
  };

  window.thousandSound = { play };
})();
