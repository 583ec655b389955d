"""Thousand (Тысяча): rules engines, computer players and score-keeping for card and dice 1000."""
