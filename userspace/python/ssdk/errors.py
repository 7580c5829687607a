# SPDX-License-Identifier: LGPL-2.1 OR BSD-3-Clause
"""What can go wrong, as exceptions that say what to do about it."""

from __future__ import annotations

import errno as _errno


class SsdkError(OSError):
    """The module, or libssdk, refused a request.

    ``errno`` is the error number (``errno.EINVAL``...), ``message`` the
    one line libssdk made of the kernel's extended ack, and ``attribute``
    the spec's name of the attribute it names ("bs", "bs-split.pct"), or
    ``None``.
    """

    def __init__(self, err: int, message: str, attribute: str | None = None) -> None:
        super().__init__(err, message)
        self.message = message
        self.attribute = attribute or None

    def __str__(self) -> str:
        return self.message


class LibraryNotFoundError(SsdkError):
    """libssdk.so.0 is nowhere the package looks for it."""

    def __init__(self, message: str) -> None:
        super().__init__(_errno.ENOENT, message)


class ModuleNotLoadedError(SsdkError):
    """The ssdk kernel module is not loaded: its netlink family is absent."""


class SsdkPermissionError(SsdkError, PermissionError):
    """The caller lacks a capability the request needs."""


class RunNotFoundError(SsdkError):
    """No run has that id."""


def error_from(err: int, message: str, attribute: str | None = None) -> SsdkError:
    """The exception for libssdk's negative errno *err* and its message."""
    code = -err if err < 0 else err
    if code == _errno.EPERM:
        return SsdkPermissionError(
            code, f"{message} (run as root, or grant CAP_NET_ADMIN and CAP_SYS_ADMIN)",
            attribute)
    return SsdkError(code, message, attribute)
