"""Playing with friends on their own phones (issue 22): the pairing codes that carry a WebRTC
offer and answer (codes), the messages between the host's page and a friend's (protocol), and
the host's referee that checks every friend's move against the engine (room). Pure Python: the
page does the connecting, the camera and the QR drawing."""
