"""Contact-form descriptions of a given size, for the mail-wrapping test and benchmark:
running Spanish words, or a line of white space between two words."""

SENTENCE = "Necesitamos reservar citas en cuarenta talleres de tres marcas distintas. "


def words(size: int) -> str:
    return (SENTENCE * (size // len(SENTENCE) + 1))[:size]


def white(size: int) -> str:
    """The issue's description: a word, a line of ideographic spaces, a word."""
    return "abcdefghij\n" + "\u3000" * (size - 13) + "\nz"
