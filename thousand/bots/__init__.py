"""Computer opponents; each sees only its seat view."""
