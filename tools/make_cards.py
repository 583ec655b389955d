"""Draw the 24 card faces and the card back as SVG files: assets/cards/<CODE>.svg and back.svg,
and the faces again for every other set of index letters the languages' catalogues give (Russian
decks print Т К Д В, Polish A K D W): assets/cards/<letters>/<CODE>.svg, the folder named by
thousand.ui.card_words.faces_dir, which the page uses to find them.

Usage: python3 tools/make_cards.py [OUTPUT_DIR] (default assets/cards)
       .venv/bin/python tools/make_cards.py --sheet docs/cards-sheet.png
         also renders every card, large and at phone size in overlapped hands, to a PNG
         with headless Chromium (Playwright; $THOUSAND_CHROMIUM or /usr/bin/chromium)

Everything is drawn here from SVG shapes, paths and text in a generic font family; nothing
refers to another file or host. Suit symbols are paths. The files carry no ids, so the page
may inline several of them without clashes. A card is viewBox 0 0 100 140; the rank and suit
index in the top-left corner is large, because in a hand on a phone a card is about 56×80
CSS pixels and half hidden by its neighbour. Same input, same bytes. Standard library only
(the --sheet picture needs Playwright).
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from thousand import i18n  # noqa: E402
from thousand.cards.cards import DECK, RANKS, SUITS, card_name  # noqa: E402
from thousand.ui.card_words import CARDS_DIR, ENGLISH_LETTERS, face_letters, faces_dir  # noqa: E402

W, H = 100, 140
RED, BLACK = "#c8102e", "#1b1b1f"
TINT = {RED: "#fdeef0", BLACK: "#eef1f5"}
COLOUR = {"H": RED, "D": RED, "C": BLACK, "S": BLACK}
FONT = "Georgia, 'DejaVu Serif', 'Noto Serif', 'Times New Roman', serif"
# Wide indexes (every letter but a narrow one, and the 10) are set to a fixed width, so whatever
# serif font the device has, the index stays in its column (x 3 to 28) and clear of the middle.
INDEX_WIDTH = 25
NARROW = ("J", "I", "9")

# Suit symbols drawn in a 100×100 box, centred on (50, 50).
SUIT_PATHS = {
    "H": "M50 92C38 80 4 60 4 31C4 15 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C84 5 96 15 96 31"
         "C96 60 62 80 50 92Z",
    "D": "M50 2C60 20 74 37 92 50C74 63 60 80 50 98C40 80 26 63 8 50C26 37 40 20 50 2Z",
    "S": "M50 3C60 20 95 38 95 62C95 77 84 86 72 86C63 86 56 82 53 76C54 86 58 92 67 97H33"
         "C42 92 46 86 47 76C44 82 37 86 28 86C16 86 5 77 5 62C5 38 40 20 50 3Z",
    "C": "M50 6A21 21 0 0 1 67 40A21 21 0 1 1 55 74C56 84 60 91 68 97H32C40 91 44 84 45 74"
         "A21 21 0 1 1 33 40A21 21 0 0 1 50 6Z",
}


def num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def pip(suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    """A suit symbol `size` wide centred on (cx, cy); `flip` turns it upside down."""
    s = size / 100
    turn = " rotate(180 50 50)" if flip else ""
    return (f'<path transform="translate({num(cx - size / 2)} {num(cy - size / 2)}) scale({num(s)})'
            f'{turn}" d="{SUIT_PATHS[suit]}"/>')


def rank_text(rank: str, letters: tuple) -> str:
    """The rank as the corner prints it: the 10 and the 9 as numbers, the others by `letters`
    (ace, king, queen, jack)."""
    return {"T": "10", "9": "9", **dict(zip("AKQJ", letters))}[rank]


def index(rank: str, suit: str, text: str) -> str:
    """The corner index (rank over suit) for the top-left corner; it keeps to x < 29, y < 63."""
    fit = f' textLength="{INDEX_WIDTH}" lengthAdjust="spacingAndGlyphs"' if text not in NARROW else ""
    # a bar under the nine, so the upside-down index in the other corner is not read as a six
    bar = '<rect x="9" y="36.4" width="13" height="2.2" rx="1.1"/>' if rank == "9" else ""
    return (f'<text x="15.5" y="{34 if bar else 35}" font-size="34" font-weight="bold" text-anchor="middle"{fit}>'
            f'{text}</text>{bar}' + pip(suit, 15.5, 52, 21))


# The middle of the card, between the two corner indexes: x from 31 to 69.
# Pip positions for the nine and the ten, as on classic cards: two columns of four, and one or
# two more in the middle column.
ROWS = (22, 54, 86, 118)
PIPS = {
    "9": [(x, y) for x in (40.5, 59.5) for y in ROWS] + [(50, 70)],
    "T": [(x, y) for x in (40.5, 59.5) for y in ROWS] + [(50, 38), (50, 102)],
}
PIP = 17

# Crowns and cap for the court cards, drawn 40 wide around x = 50 with their base at y = 0.
CROWNS = {
    # king: three tall points with balls
    "K": '<path d="M-20 0V-18L-10 -10L0 -26L10 -10L20 -18V0Z"/>'
         '<circle cx="-20" cy="-20" r="3"/><circle cx="0" cy="-28" r="3.4"/><circle cx="20" cy="-20" r="3"/>'
         '<rect x="-21" y="2" width="42" height="4.5" rx="1"/>',
    # queen: a tiara of rounded arches
    "Q": '<path d="M-20 0C-20 -8 -19 -14 -17 -19C-14 -13 -11 -11 -9 -11C-8 -17 -5 -21 0 -25'
         'C5 -21 8 -17 9 -11C11 -11 14 -13 17 -19C19 -14 20 -8 20 0Z"/>'
         '<circle cx="-17" cy="-21.5" r="2.6"/><circle cx="0" cy="-28" r="3"/><circle cx="17" cy="-21.5" r="2.6"/>'
         '<rect x="-21" y="2" width="42" height="3.5" rx="1.75"/>',
    # jack: a cap with a feather
    "J": '<path d="M-21 0C-21 -13 -12 -20 0 -20C12 -20 21 -13 21 0Z"/>'
         '<path d="M10 -18C14 -28 22 -33 30 -34C26 -30 21 -24 16 -16Z"/>'
         '<rect x="-23" y="-1.5" width="46" height="5" rx="2.5"/>',
}


def face(rank: str, suit: str, colour: str, letter: str) -> str:
    """King, queen, jack: a tinted panel with a crown (or cap), the big letter and the suit."""
    # a letter wider than the English ones (W, Д) is kept inside the panel
    fit = "" if letter in ENGLISH_LETTERS else ' textLength="26" lengthAdjust="spacingAndGlyphs"'
    return (f'<rect x="32" y="8" width="36" height="124" rx="5" fill="{TINT[colour]}" '
            f'stroke="{colour}" stroke-width="1"/>'
            + f'<g transform="translate(50 46) scale(0.7)">{CROWNS[rank]}</g>'
            + f'<text x="50" y="87" font-size="36" font-weight="bold" text-anchor="middle"{fit}>{letter}</text>'
            + pip(suit, 50, 108, 19))


def centre(rank: str, suit: str, colour: str, letter: str) -> str:
    if rank == "A":
        return pip(suit, 50, 70, 46)
    if rank in PIPS:
        return "".join(pip(suit, x, y, PIP, flip=y > 70) for x, y in PIPS[rank])
    return face(rank, suit, colour, letter)


def card_svg(code: str, letters: tuple = ENGLISH_LETTERS) -> str:
    rank, suit = code[0], code[1]
    colour = COLOUR[suit]
    text = rank_text(rank, letters)
    corner = index(rank, suit, text)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" role="img" '
        f'font-family="{FONT}">\n'
        f'<title>{card_name(code)}</title>\n'
        f'<rect x="1" y="1" width="98" height="138" rx="7" fill="#fff" stroke="#8a9099" stroke-width="1.2"/>\n'
        f'<g fill="{colour}">\n{corner}\n'
        f'<g transform="rotate(180 50 70)">{corner}</g>\n'
        f'{centre(rank, suit, colour, text)}\n</g>\n</svg>\n')


def back_svg() -> str:
    """A navy back with a lattice of small diamonds and a ring in the middle."""
    navy, light = "#1f3d7a", "#dfe7f5"
    parts = [f'<rect x="1" y="1" width="98" height="138" rx="7" fill="#fff" stroke="#8a9099" stroke-width="1.2"/>',
             f'<rect x="6" y="6" width="88" height="128" rx="4" fill="{navy}"/>',
             f'<rect x="9" y="9" width="82" height="122" rx="2.5" fill="none" stroke="{light}" stroke-width="0.8"/>']
    diamonds = []
    for row in range(13):
        y = 15 + row * 9.17
        for col in range(8 if row % 2 == 0 else 7):
            x = 15 + col * 10 + (5 if row % 2 else 0)
            if (x - 50) ** 2 / 24 ** 2 + (y - 70) ** 2 / 24 ** 2 < 1:
                continue  # leave the middle clear for the ring
            diamonds.append(f"M{num(x)} {num(y - 3.4)}L{num(x + 3.4)} {num(y)}L{num(x)} {num(y + 3.4)}"
                            f"L{num(x - 3.4)} {num(y)}Z")
    parts.append(f'<path fill="{light}" fill-opacity="0.55" d="{"".join(diamonds)}"/>')
    parts.append(f'<circle cx="50" cy="70" r="17" fill="none" stroke="{light}" stroke-width="2"/>')
    parts.append(f'<circle cx="50" cy="70" r="12" fill="none" stroke="{light}" stroke-width="0.8"/>')
    parts.append(f'<path fill="{light}" d="M50 60L60 70L50 80L40 70Z"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" role="img">\n'
            '<title>back of a card</title>\n' + "\n".join(parts) + "\n</svg>\n")


def letter_sets() -> list:
    """Every set of index letters the languages' catalogues give, English first."""
    found = [ENGLISH_LETTERS]
    for lang in i18n.LANGUAGES:
        po = os.path.join(ROOT, i18n.LOCALES_DIR, f"{lang}.po")
        if not os.path.exists(po):
            continue
        with open(po, encoding="utf-8") as fh:
            i18n.use(i18n.Translation.from_po(lang, fh.read()))
        try:
            letters = face_letters()
        finally:
            i18n.use(i18n.Translation())
        if letters not in found:
            found.append(letters)
    return found


def files() -> dict:
    """File path under assets/cards -> SVG text: every card face (in DECK order) and the back,
    then the faces of each other set of letters in its folder."""
    out = {f"{code}.svg": card_svg(code) for code in DECK}
    out["back.svg"] = back_svg()
    for letters in letter_sets()[1:]:
        folder = faces_dir(letters).removeprefix(CARDS_DIR + "/")
        out.update({f"{folder}/{code}.svg": card_svg(code, letters) for code in DECK})
    return out


def sheet_html(cards_dir: str) -> str:
    """A page showing every file in cards_dir inlined: large, then at phone size in hands."""
    def card(name, w, h, overlap=False):
        with open(os.path.join(cards_dir, name + ".svg"), encoding="utf-8") as fh:
            svg = fh.read()
        style = f"width:{w}px;height:{h}px;flex:none" + (f";margin-right:-{w // 2}px" if overlap else "")
        return svg.replace("<svg ", f'<svg style="{style}" ', 1)

    def row(items, gap=8):
        return f'<div style="display:flex;gap:{gap}px;margin-bottom:8px">{"".join(items)}</div>'

    def hand(codes):
        return f'<div style="display:flex;padding-right:28px">{"".join(card(c, 56, 80, True) for c in codes)}</div>'

    large = [row([card(r + s, 100, 140) for r in RANKS] + ([card("back", 100, 140)] if s == "H" else []))
             for s in SUITS]
    hands = [[r + s for r in RANKS] for s in SUITS]
    phone = [row([hand(hands[0]), hand(hands[3])], 40), row([hand(hands[1]), hand(hands[2])], 40),
             row([card(r + s, 56, 80) for s in "HS" for r in RANKS] + [card("back", 56, 80)]),
             row([card(r + s, 56, 80) for s in "DC" for r in RANKS])]
    return ('<!doctype html><html><head><meta charset="utf-8"><style>body{margin:14px;background:#2e6b3f;'
            'font:14px sans-serif;color:#fff}h2{font-size:14px;margin:14px 0 8px}</style></head><body>'
            '<h2>assets/cards at 100×140 CSS px</h2>' + "".join(large)
            + '<h2>phone size: 56×80 CSS px, in hands overlapped by half, and whole</h2>' + "".join(phone)
            + '</body></html>')


def render_sheet(png: str, cards_dir: str) -> None:
    """Screenshot sheet_html with headless Chromium (Playwright from .venv, Debian's chromium)."""
    from playwright.sync_api import sync_playwright
    chromium = os.environ.get("THOUSAND_CHROMIUM", "/usr/bin/chromium")
    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=args)
        page = browser.new_page(viewport={"width": 860, "height": 400}, device_scale_factor=2)
        page.set_content(sheet_html(cards_dir))
        os.makedirs(os.path.dirname(os.path.abspath(png)), exist_ok=True)
        page.screenshot(path=png, full_page=True)
        browser.close()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    sheet = None
    if "--sheet" in argv:
        i = argv.index("--sheet")
        if i + 1 >= len(argv):
            raise SystemExit("make_cards.py: --sheet needs a PNG path")
        sheet = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    out_dir = argv[0] if argv else os.path.join(ROOT, "assets", "cards")
    os.makedirs(out_dir, exist_ok=True)
    written = 0
    for name, text in files().items():
        path = os.path.join(out_dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if os.path.exists(path):
            with open(path, encoding="utf-8") as fh:
                if fh.read() == text:
                    continue
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        written += 1
    print(f"make_cards.py: {len(files())} files in {os.path.relpath(out_dir)} ({written} written)")
    if sheet:
        render_sheet(sheet, out_dir)
        print(f"make_cards.py: sheet of every card in {os.path.relpath(sheet)}")


if __name__ == "__main__":
    main()
