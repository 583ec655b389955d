"""The shape of a document read from a file or a save, checked field by field: an object with
known fields, a count, a yes/no. Each refusal is a BadInput naming the field, in the words every
reader of the project's files uses."""
from thousand.errors import BadInput, is_whole, kind_of
from thousand.i18n import N_


def object_with(value, where: str, keys: tuple) -> dict:
    """`value` is an object whose fields are all among `keys`."""
    if not isinstance(value, dict):
        raise BadInput(where, N_("must be an object (got {kind})"), kind=kind_of(value))
    for key in value:
        if key not in keys:
            raise BadInput(f"{where}.{key}", N_("unknown field; here the fields are {fields}"),
                           fields=", ".join(keys))
    return value


def count(value, where: str, below=None, most=None) -> int:
    """A whole number ≥ 0 (not true/false), below `below` or at most `most` when given (None: no
    limit)."""
    if not is_whole(value):
        raise BadInput(where, N_("must be a whole number (got {kind})"), kind=kind_of(value))
    if value < 0:
        raise BadInput(where, N_("cannot be negative (got {got})"), got=value)
    if below is not None and value >= below:
        raise BadInput(where, N_("must be below {limit} (got {got})"), limit=below, got=value)
    if most is not None and value > most:
        raise BadInput(where, N_("must be at most {limit} (got {got})"), limit=most, got=value)
    return value


def flag(value, where: str) -> bool:
    if not isinstance(value, bool):
        raise BadInput(where, N_("must be true or false (got {kind})"), kind=kind_of(value))
    return value
