"""Browser tests: the real page in Debian's headless Chromium, driven by Playwright (see conftest.py)."""
