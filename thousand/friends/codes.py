"""The pairing codes: a WebRTC offer or answer cut down to what a data channel on the local
network needs, packed as bytes and written in Crockford's base 32, whose letters and digits are
all in a QR code's alphanumeric mode (5.5 bits a character there, against 8 in byte mode) and
survive being read aloud, copied or typed in lower case.

The bytes, in order (every version keeps the first byte and the last two where they are):
  version (1)
  flags: bit 0 answer, bits 1-2 setup (actpass, active, passive), bits 3-5 how many candidates,
    bit 6 the usual ICE lengths (ufrag 4, pwd 24: no length bytes)
  ice-ufrag, ice-pwd: a length byte (unless usual), then the characters at 6 bits each
  the DTLS certificate's SHA-256 fingerprint (32 bytes)
  each candidate: its family (IPv4, IPv6, an mDNS name <uuid>.local), the address (4 or 16
    bytes), the port (2 bytes); only UDP host candidates: no STUN, no TURN, no TCP
  CRC-16/CCITT of all the bytes before it (2 bytes)
Everything else in the description (sctp-port, mid, BUNDLE) is the same for every data-channel
connection, so decode() writes it back."""
import binascii
import ipaddress
import re

from thousand.errors import BadInput
from thousand.i18n import N_

VERSION = 1
KINDS = ("offer", "answer")
SETUPS = ("actpass", "active", "passive")
ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
BASE32 = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# what people and screens do to a code: Crockford's base 32 reads these as the digits they look like
READ_AS = {"O": "0", "I": "1", "L": "1"}
ICE_UFRAG, ICE_PWD = 4, 22  # RFC 8839 5.4: the shortest; 255 the longest a length byte says
USUAL_LENGTHS = (4, 24)  # Chromium's and Safari's: a flag says so instead of two length bytes
MOST_CANDIDATES = 7  # three bits; a phone has one or two addresses on a network
FAMILIES = ("ipv4", "ipv6", "mdns")
ADDRESS_BYTES = {"ipv4": 4, "ipv6": 16, "mdns": 16}
MDNS = re.compile(r"([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local",
                  re.IGNORECASE)
MAX_MESSAGE_SIZE = 262144  # what Chromium and Safari offer; Firefox takes more

NO_CODE = N_("there is no code here: paste or type the code shown on the other phone")
NOT_A_CODE = N_("this is not a pairing code: it has the character {char}, which no code has")
CUT_SHORT = N_("this pairing code is cut short: its end is missing")
TOO_LONG = N_("this pairing code is longer than any code: copy it again, and nothing else")
DAMAGED = N_("this pairing code is damaged: copy it or read it again")
NEWER = N_("this pairing code was made by a newer version of Thousand: reload the page on both "
           "phones")
WANT_OFFER = N_("this is a friend's answer; here the code shown by the host is needed")
WANT_ANSWER = N_("this is the host's invitation; here the code shown by the friend's phone is "
                 "needed")
NO_ADDRESS = N_("this phone has no address on a local network: join the same Wi-Fi as the "
                "others, or a phone's hotspot")
NOT_DESCRIBED = N_("the connection's description has no {what}")


# --- from a description to a code ---------------------------------------------------------------

def encode(sdp: str, kind: str) -> str:
    """The code of an offer or answer (RTCSessionDescription.sdp, after ICE gathering)."""
    if kind not in KINDS:
        raise ValueError(f"kind is 'offer' or 'answer', not {kind!r}")
    parts = _read_sdp(sdp)
    setup = parts.get("setup", "actpass" if kind == "offer" else "active")
    if (kind == "offer") != (setup == "actpass"):
        raise BadInput("sdp", NOT_DESCRIBED, what=f"setup role of an {kind}")
    candidates = kept_candidates(parts["candidates"])
    if not candidates:
        raise BadInput("", NO_ADDRESS)
    usual = (len(parts["ufrag"]), len(parts["pwd"])) == USUAL_LENGTHS
    out = bytearray([VERSION, KINDS.index(kind) | SETUPS.index(setup) << 1
                     | len(candidates) << 3 | usual << 6])
    for field, least in (("ufrag", ICE_UFRAG), ("pwd", ICE_PWD)):
        out += _ice_bytes(parts[field], least)[usual:]
    out += parts["fingerprint"]
    for family, address, port in candidates:
        out.append(FAMILIES.index(family))
        out += address + port.to_bytes(2, "big")
    out += binascii.crc_hqx(bytes(out), 0).to_bytes(2, "big")
    return _base32(bytes(out))


def kept_candidates(candidates: list) -> list:
    """The candidates a code carries: an IPv6 address only when the phone has no IPv4 one (every
    Wi-Fi and hotspot gives IPv4, and each address costs a QR code a row), mDNS names all (their
    family is not told), at most seven."""
    if any(family == "ipv4" for family, _, _ in candidates):
        candidates = [c for c in candidates if c[0] != "ipv6"]
    return candidates[:MOST_CANDIDATES]


def _read_sdp(sdp: str) -> dict:
    if not isinstance(sdp, str):
        raise BadInput("sdp", NOT_DESCRIBED, what="text")
    found = {"candidates": []}
    for line in sdp.splitlines():
        line = line.strip()
        key, _, value = line.partition(":")
        if key == "a=ice-ufrag":
            found.setdefault("ufrag", value)
        elif key == "a=ice-pwd":
            found.setdefault("pwd", value)
        elif key == "a=fingerprint":
            algorithm, _, digest = value.partition(" ")
            if algorithm.lower() == "sha-256" and "fingerprint" not in found:
                found["fingerprint"] = _digest(digest)
        elif key == "a=setup" and value in SETUPS:
            found.setdefault("setup", value)
        elif key == "a=candidate":
            candidate = _host_candidate(value)
            if candidate is not None and candidate not in found["candidates"]:
                found["candidates"].append(candidate)
    for field, what in (("ufrag", "ice-ufrag"), ("pwd", "ice-pwd"),
                        ("fingerprint", "sha-256 fingerprint")):
        if found.get(field) is None:
            raise BadInput("sdp", NOT_DESCRIBED, what=what)
    return found


def _digest(text: str):
    try:
        digest = bytes.fromhex(text.replace(":", ""))
    except ValueError:
        return None
    return digest if len(digest) == 32 else None


def _host_candidate(value: str):
    """(family, address bytes, port) of a UDP host candidate of component 1, else None."""
    words = value.split()
    if len(words) < 8 or words[1] != "1" or words[2].lower() != "udp" or words[6] != "typ" \
            or words[7] != "host" or not words[5].isdigit() or not 0 < int(words[5]) < 65536:
        return None
    address, port = words[4], int(words[5])
    mdns = MDNS.fullmatch(address)
    if mdns:
        return "mdns", bytes.fromhex("".join(mdns.groups())), port
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return None
    return ("ipv4" if ip.version == 4 else "ipv6"), ip.packed, port


def _ice_bytes(text: str, least: int) -> bytes:
    if not least <= len(text) < 256 or any(ch not in ICE_CHARS for ch in text):
        raise BadInput("sdp", NOT_DESCRIBED, what="valid ICE credentials")
    bits = 0
    for ch in text:
        bits = bits << 6 | ICE_CHARS.index(ch)
    size = (len(text) * 6 + 7) // 8
    return bytes([len(text)]) + (bits << (size * 8 - len(text) * 6)).to_bytes(size, "big")


def _base32(data: bytes) -> str:
    count = (len(data) * 8 + 4) // 5
    bits = int.from_bytes(data, "big") << (count * 5 - len(data) * 8)
    return "".join(BASE32[bits >> 5 * i & 31] for i in range(count - 1, -1, -1))


# --- from a code back to a description ----------------------------------------------------------

def decode(text, expect: str | None = None) -> tuple:
    """(kind, sdp) of a code, the SDP whole again; `expect` ("offer" or "answer") refuses the
    other kind. Whatever is wrong with the code raises BadInput saying what."""
    chars = _characters(text)
    data = _bytes_of(chars)
    if len(data) < 2:
        raise BadInput("", CUT_SHORT)
    if data[0] != VERSION:
        good_check = binascii.crc_hqx(data[:-2], 0) == int.from_bytes(data[-2:], "big")
        raise BadInput("", NEWER if good_check and data[0] > VERSION else DAMAGED)
    need = _least_length(data)
    if len(chars) < _chars_for(need):
        raise BadInput("", CUT_SHORT)
    if len(chars) > _chars_for(need):
        raise BadInput("", TOO_LONG)
    data = data[:need]
    # the last character's unused bits are 0: a change there is damage too
    checked = binascii.crc_hqx(data[:-2], 0) == int.from_bytes(data[-2:], "big")
    if _base32(data) != chars or not checked or data[1] >> 7:
        raise BadInput("", DAMAGED)
    kind, parts = _unpack(data)
    if expect is not None and kind != expect:
        raise BadInput("", WANT_OFFER if expect == "offer" else WANT_ANSWER)
    return kind, _sdp(kind, parts)


def _characters(text) -> str:
    """The code's characters, whatever a person or a messenger put round them: a link whose
    fragment or last parameter is the code, spaces, line breaks, dashes, lower case."""
    if not isinstance(text, str):
        raise BadInput("", NO_CODE)
    text = text.strip()
    for mark in ("#", "="):
        text = text.rpartition(mark)[2]
    out = []
    for ch in text.upper():
        if ch.isspace() or ch == "-":
            continue
        ch = READ_AS.get(ch, ch)
        if ch not in BASE32:
            shown = repr(ch) if ch.isprintable() else f"U+{ord(ch):04X}"
            raise BadInput("", NOT_A_CODE, char=shown)
        out.append(ch)
    if not out:
        raise BadInput("", NO_CODE)
    return "".join(out)


def _bytes_of(chars: str) -> bytes:
    bits = 0
    for ch in chars:
        bits = bits << 5 | BASE32.index(ch)
    size = len(chars) * 5 // 8
    return (bits >> (len(chars) * 5 - size * 8)).to_bytes(size, "big")


def _chars_for(size: int) -> int:
    return (size * 8 + 4) // 5


def _least_length(data: bytes) -> int:
    """The length the code's own fields say it has, as far as the bytes present tell (a code
    cut short tells less, and is at least that long)."""
    at = 2
    for size in _ice_lengths(data):
        if size is None:
            return at + 1 + 32 + 2
        at += (size * 6 + 7) // 8 + (not data[1] >> 6 & 1)
    at += 32
    for _ in range(data[1] >> 3 & 7):
        if at >= len(data):
            return at + 1 + 2 + 2
        family = data[at]
        at += 1 + (ADDRESS_BYTES[FAMILIES[family]] if family < len(FAMILIES) else 0) + 2
    return at + 2


def _ice_lengths(data: bytes):
    """The lengths of ice-ufrag and ice-pwd (None: cut off before it is told)."""
    if data[1] >> 6 & 1:
        yield from USUAL_LENGTHS
        return
    at = 2
    for _ in range(2):
        size = data[at] if at < len(data) else None
        yield size
        if size is None:
            return
        at += 1 + (size * 6 + 7) // 8


def _unpack(data: bytes) -> tuple:
    flags = data[1]
    setup = flags >> 1 & 3
    if setup > 2:
        raise BadInput("", DAMAGED)
    parts, at = {"setup": SETUPS[setup], "candidates": []}, 2
    for field, size in zip(("ufrag", "pwd"), list(_ice_lengths(data))):
        at += not flags >> 6 & 1
        bits = int.from_bytes(data[at:at + (size * 6 + 7) // 8], "big")
        bits >>= (size * 6 + 7) // 8 * 8 - size * 6
        parts[field] = "".join(ICE_CHARS[bits >> 6 * i & 63] for i in range(size - 1, -1, -1))
        at += (size * 6 + 7) // 8
    parts["fingerprint"], at = data[at:at + 32], at + 32
    for _ in range(flags >> 3 & 7):
        if data[at] >= len(FAMILIES):
            raise BadInput("", DAMAGED)
        family = FAMILIES[data[at]]
        size = ADDRESS_BYTES[family]
        address, port = data[at + 1:at + 1 + size], int.from_bytes(data[at + 1 + size:][:2], "big")
        if port == 0:
            raise BadInput("", DAMAGED)
        parts["candidates"].append((family, _address_text(family, address), port))
        at += 1 + size + 2
    kind = KINDS[flags & 1]
    if not (ICE_UFRAG <= len(parts["ufrag"]) and ICE_PWD <= len(parts["pwd"])) or \
            not parts["candidates"] or \
            (kind == "offer") != (parts["setup"] == "actpass"):
        raise BadInput("", DAMAGED)
    return kind, parts


def _address_text(family: str, address: bytes) -> str:
    if family == "mdns":
        h = address.hex()
        return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
    return str(ipaddress.ip_address(address))


def _sdp(kind: str, parts: dict) -> str:
    """A description every browser takes for a data channel: one application m-line, BUNDLE
    mid 0, SCTP on port 5000, and host candidates ranked in the order the code lists them."""
    session = int.from_bytes(parts["fingerprint"][:7], "big")
    lines = ["v=0", f"o=- {session} 2 IN IP4 127.0.0.1", "s=-", "t=0 0", "a=group:BUNDLE 0",
             "a=msid-semantic: WMS", "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
             "c=IN IP4 0.0.0.0"]
    for i, (_family, address, port) in enumerate(parts["candidates"]):
        priority = 126 << 24 | (65535 - i) << 8 | 255  # RFC 8445 5.1.2.1: host, component 1
        lines.append(f"a=candidate:{i + 1} 1 udp {priority} {address} {port} typ host")
    lines += ["a=end-of-candidates", f"a=ice-ufrag:{parts['ufrag']}", f"a=ice-pwd:{parts['pwd']}",
              "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in parts["fingerprint"]),
              f"a=setup:{parts['setup']}", "a=mid:0", "a=sctp-port:5000",
              f"a=max-message-size:{MAX_MESSAGE_SIZE}"]
    return "\r\n".join(lines) + "\r\n"
