"""The languages the page speaks, and how each picks a plural form.

The rules are those of the gettext `Plural-Forms` headers of each language (the CLDR integer
rules); each `.po` file states the same rule in its header for translators' tools, and a test
checks that both agree. Written as functions, not evaluated from the header, so a damaged
catalogue can never run code."""


def _one_other(n: int) -> int:
    return 0 if n == 1 else 1


def _east_slavic(n: int) -> int:  # ru, uk: 1 очко, 2 очка, 5 очков, 21 очко
    if n % 10 == 1 and n % 100 != 11:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def _polish(n: int) -> int:  # 1 punkt, 2 punkty, 5 punktów, 22 punkty, 21 punktów
    if n == 1:
        return 0
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return 1
    return 2


def _romanian(n: int) -> int:  # 1 punct, 2 puncte, 20 de puncte
    if n == 1:
        return 0
    if n == 0 or 1 <= n % 100 <= 19:
        return 1
    return 2


def _no_plural(n: int) -> int:  # ko, th: one form
    return 0


# code: (its own name, plural rule, number of forms, the header's expression)
LANGUAGES = {
    "ru": ("Русский", _east_slavic, 3,
           "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2"),
    "uk": ("Українська", _east_slavic, 3,
           "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2"),
    "pl": ("Polski", _polish, 3,
           "n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<12 || n%100>14) ? 1 : 2"),
    "en": ("English", _one_other, 2, "n != 1"),
    "ro": ("Română", _romanian, 3, "n==1 ? 0 : (n==0 || (n%100>0 && n%100<20)) ? 1 : 2"),
    "el": ("Ελληνικά", _one_other, 2, "n != 1"),
    "ko": ("한국어", _no_plural, 1, "0"),
    "th": ("ไทย", _no_plural, 1, "0"),
}
SOURCE = "en"  # the language the messages are written in

# How each language writes a number: the decimal mark and the minus sign.
DECIMAL_COMMA = {"ru", "uk", "pl", "ro", "el"}
# One minus sign everywhere, the typographic one (U+2212), in English too: "−120", never "-120".
TYPOGRAPHIC_MINUS = set(LANGUAGES)


def plural_index(language: str, n: int) -> int:
    rule = LANGUAGES.get(language, LANGUAGES[SOURCE])[1]
    return rule(abs(int(n)))


def plural_count(language: str) -> int:
    return LANGUAGES[language][2]
