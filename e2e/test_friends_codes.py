"""The pairing codes connect real browsers (issue 22, Must 1 and 2): a host page's offer and a
friend page's answer, each passed through thousand.friends.codes (encode, then decode) as the two
phones would pass them by QR code or text, set on two pages of Chromium with no ICE server, and a
message crosses the data channel both ways. Once with mDNS names (a page without the camera) and
once with the addresses themselves (what a page granted the camera gathers)."""
import pytest

from thousand.friends import codes

GATHERED = """async (pc) => {
  await new Promise(done => {
    if (pc.iceGatheringState === 'complete') return done();
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState === 'complete') done();
    });
  });
  return pc.localDescription.sdp;
}"""

HOST = """async () => {
  const pc = window.pc = new RTCPeerConnection();
  const ch = window.ch = pc.createDataChannel('table');
  window.got = new Promise(done => ch.onmessage = e => done(e.data));
  window.open_ = new Promise(done => ch.onopen = done);
  await pc.setLocalDescription(await pc.createOffer());
  return await (%s)(pc);
}""" % GATHERED

FRIEND = """async (offer) => {
  const pc = window.pc = new RTCPeerConnection();
  window.got = new Promise(done => pc.ondatachannel = e => {
    window.ch = e.channel;
    e.channel.onmessage = m => { e.channel.send('friend heard: ' + m.data); done(m.data); };
  });
  await pc.setRemoteDescription({type: 'offer', sdp: offer});
  await pc.setLocalDescription(await pc.createAnswer());
  return await (%s)(pc);
}""" % GATHERED

CONNECT = """async (answer) => {
  await pc.setRemoteDescription({type: 'answer', sdp: answer});
  await window.open_;
  ch.send('a move from the host');
  return await window.got;
}"""


@pytest.fixture(params=["mdns", "addresses"])
def two_pages(request, browser_type, browser_type_launch_args):
    args = list(browser_type_launch_args.get("args", []))
    if request.param == "addresses":
        args.append("--disable-features=WebRtcHideLocalIpsWithMdns")
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        yield request.param, browser.new_context().new_page(), browser.new_context().new_page()
    finally:
        browser.close()


def test_an_offer_and_an_answer_through_their_codes_connect_two_pages(two_pages):
    mode, host, friend = two_pages
    offer = host.evaluate(HOST)
    offer_code = codes.encode(offer, "offer")
    kind, offer_again = codes.decode(offer_code.lower(), expect="offer")  # as typed, lower case
    assert kind == "offer"
    answer = friend.evaluate(FRIEND, offer_again)
    answer_code = codes.encode(answer, "answer")
    kind, answer_again = codes.decode(" ".join(answer_code[i:i + 4] for i in range(
        0, len(answer_code), 4)), expect="answer")  # as a person copies it, in groups
    assert kind == "answer"
    assert host.evaluate(CONNECT, answer_again) == "friend heard: a move from the host"
    assert friend.evaluate("window.got") == "a move from the host"
    if mode == "mdns":
        assert ".local" in offer_again and ".local" in answer_again
    else:
        assert ".local" not in offer_again and ".local" not in answer_again
    print(f"{mode}: offer code {len(offer_code)} characters, answer code {len(answer_code)}")
