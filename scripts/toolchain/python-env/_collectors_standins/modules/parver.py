"""Stands in for parver (https://pypi.org/project/parver/), which Debian 12 lacks: the part of
`parver.Version` that a Pulumi-generated SDK's _utilities.py reads to turn its PEP 440 version
into semver, over `packaging.version` (Debian's python3-packaging). Loaded only where the real
parver is not importable (see _collectors_standins/__init__.py).
"""

from packaging.version import Version as _Version


class Version:
    """A PEP 440 version: release, pre-release tag and number, dev and local parts."""

    def __init__(self, parsed):
        self._parsed = parsed
        self.release = parsed.release
        self.pre_tag = parsed.pre[0] if parsed.pre else None
        self.pre = parsed.pre[1] if parsed.pre else None
        self.dev = parsed.dev
        self.local = parsed.local

    @classmethod
    def parse(cls, version, strict=False):
        return cls(_Version(version))

    def __str__(self):
        return str(self._parsed)
