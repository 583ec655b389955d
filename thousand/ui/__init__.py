"""The page. Only thousand/ui/browser.py imports pyscript and touches the DOM; everything else here
turns game views into HTML strings and page events into game actions, so it runs in tests too."""
