"""A ResourceManager's REST API over HTTP(S): the only network code in fsctl.

``requests`` (imported only here, only when a snapshot is taken) does the HTTP; SPNEGO comes from the
optional ``kerberos`` extra (``requests-gssapi``). Every failure is an :class:`RMError` carrying its
rule (``SN1xx``) and one line naming the address and what went wrong; no exception of the HTTP stack
leaves this module.

High availability: :meth:`RMClient.active` asks each ``--rm`` for ``/ws/v1/cluster/info``, which a
standby answers itself (``RMWebAppFilter`` never redirects it), and picks the one whose ``haState``
is ``ACTIVE`` (a ResourceManager without HA reports ``ACTIVE`` too). Any other request a standby
answers with a 307 to the active one ("This is standby RM. The redirect url is: ...") or, when it
knows no active one, with "Can not find any active RM" or "There is no active RM right now": all
three are :data:`SN104`, and a redirect is never followed (headers go only where the user sent them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from fsctl.catalogue.snapshot import SN101, SN102, SN103, SN104, SN105, SN107, SN108, SN109
from fsctl.model.diagnostics import Rule

#: the largest response read (the applications of a big cluster run to a few hundred MB)
MAX_RESPONSE_BYTES = 1024 * 1024 * 1024
_STANDBY_PAGES = ("This is standby RM", "Can not find any active RM", "There is no active RM right now")


class RMError(Exception):
    """A request that gave no usable answer: ``rule`` is its SN1xx rule, the message one line."""

    def __init__(
        self, rule: Rule, message: str, status: int | None = None, active: str | None = None
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        #: the HTTP status of an answer that was an error
        self.status = status
        #: a standby's answer (SN104): the active ResourceManager it redirects to, if it knows one
        self.active = active


@dataclass(frozen=True)
class Connection:
    """How to reach the ResourceManagers: ``urls`` as given (``--rm``), ``headers`` sent with every
    request (``--header``; never written anywhere), TLS trust, time limit and SPNEGO."""

    urls: tuple[str, ...]
    headers: tuple[tuple[str, str], ...] = ()
    ca_bundle: str | None = None
    timeout: float = 30.0
    negotiate: bool = False


def public_address(url: str) -> str:
    """``url`` without a user name, password, query or fragment: what a snapshot may record."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parts.port
    except ValueError:
        port = None
    netloc = host if port is None else f"{host}:{port}"
    return urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", ""))


def check_url(url: str) -> str | None:
    """Why ``url`` is not a ResourceManager's web address (http or https with a host), or None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"{url!r}: give the web address, e.g. http://rm1.example.com:8088"
    try:
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        return f"{url!r}: the port is not a number"
    return None


@dataclass
class RMClient:
    """GET requests to one ResourceManager at a time, JSON answers."""

    connection: Connection
    _session: Any = field(default=None, init=False, repr=False)

    def session(self) -> Any:
        if self._session is None:
            import requests

            session = requests.Session()
            session.headers.update({"Accept": "application/json"})
            session.headers.update(dict(self.connection.headers))
            session.trust_env = False  # no proxy or .netrc credentials from the environment
            if self.connection.ca_bundle:
                session.verify = self.connection.ca_bundle
            if self.connection.negotiate:
                session.auth = _negotiate_auth()
            self._session = session
        return self._session

    def close(self) -> None:
        if self._session is not None:
            self._session.close()

    def active(self, progress: Callable[[str], None] | None = None) -> str:
        """The base URL of the active ResourceManager among ``connection.urls``; raises RMError."""
        standby: list[str] = []
        failures: list[RMError] = []
        for url in self.connection.urls:
            base = url.rstrip("/")
            if progress is not None:
                progress(f"asking {public_address(base)}")
            try:
                info = self.get_json(base, "/ws/v1/cluster/info")
            except RMError as exc:
                if exc.rule is SN104:  # a standby that redirects even this path
                    standby.append(_standby_named(public_address(base), exc))
                    continue
                failures.append(exc)
                continue
            cluster = info.get("clusterInfo") if isinstance(info, dict) else None
            state = cluster.get("haState") if isinstance(cluster, dict) else None
            if state in (None, "ACTIVE"):  # an older ResourceManager reports no haState
                return base
            standby.append(self._standby(base, str(state)))
        if failures and not standby:
            raise failures[0]
        named = "; ".join(standby + [f"{exc.message}" for exc in failures])
        raise RMError(SN104, f"no active ResourceManager among --rm: {named}")

    def _standby(self, base: str, state: str) -> str:
        """How a ResourceManager that is not active is named: its state, and the active one it
        redirects a redirected path to (RMWebAppFilter), or that it knows none."""
        named = f"{public_address(base)} is {state}"
        try:
            self._get(base, "/ws/v1/cluster/metrics")
        except RMError as exc:
            if exc.rule is SN104:
                return _standby_named(named, exc)
        return named

    def get_json(self, base: str, path: str) -> Any:
        """The JSON answer to GET ``base + path``; raises RMError."""
        text = self.get_json_text(base, path)
        where = public_address(base) + path.split("?", 1)[0]
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as exc:
            raise RMError(SN105, f"{where}: not JSON: {exc} (a truncated answer?)") from None

    def get_json_text(self, base: str, path: str) -> str:
        """The text of a JSON answer to GET ``base + path``, not decoded (a large one is read
        piece by piece); raises RMError when it is some other kind of page."""
        response = self._get(base, path)
        text: str = response.text
        content_type = response.headers.get("Content-Type", "")
        if "json" not in content_type and text.lstrip()[:1] not in ("{", "["):
            kind = content_type.split(";", 1)[0] or "no content type"
            where = public_address(base) + path.split("?", 1)[0]
            raise RMError(
                SN105, f"{where}: answered {kind}, not JSON ({_first_line(text)}): a proxy or login page?"
            )
        return text

    def get_text(self, base: str, path: str) -> str:
        return self._get(base, path).text

    def get_optional_json(self, base: str, path: str) -> Any | None:
        """Like :meth:`get_json`, but a path this ResourceManager does not serve (400, 404, 405:
        an older release, or ``scheduler-conf`` without a mutable store) is None."""
        try:
            return self.get_json(base, path)
        except RMError as exc:
            if exc.rule is SN107 and exc.status in (400, 404, 405):
                return None
            raise

    def _get(self, base: str, path: str) -> Any:
        import requests

        where = public_address(base) + path.split("?", 1)[0]
        try:
            response = self.session().get(base + path, timeout=self.connection.timeout, allow_redirects=False)
        except requests.exceptions.SSLError as exc:
            reason = _reason(exc)
            if "WRONG_VERSION_NUMBER" in reason.upper() or "RECORD_LAYER_FAILURE" in reason.upper():
                hint = "it does not answer TLS here: is its address http://?"
            else:
                hint = "trust its CA with --ca-bundle"
            raise RMError(SN108, f"{where}: TLS failed: {reason} ({hint})") from None
        except requests.exceptions.Timeout:
            raise RMError(
                SN102, f"{where}: no answer within {self.connection.timeout:g} s (--timeout)"
            ) from None
        except requests.exceptions.ConnectionError as exc:
            raise RMError(SN101, f"{where}: cannot connect: {_reason(exc)}") from None
        except requests.exceptions.RequestException as exc:
            raise RMError(SN101, f"{where}: {_reason(exc)}") from None
        except (OSError, ValueError) as exc:  # an unreadable --ca-bundle, a header requests refuses
            raise RMError(SN101, f"{where}: {exc}") from None
        try:
            content = response.content
        except requests.exceptions.RequestException as exc:
            raise RMError(SN105, f"{where}: the answer broke off: {_reason(exc)}") from None
        if len(content) > MAX_RESPONSE_BYTES:
            raise RMError(SN105, f"{where}: more than {MAX_RESPONSE_BYTES} bytes")
        status = response.status_code
        text = response.text
        if any(page in text[:2000] for page in _STANDBY_PAGES) or (
            status in (301, 302, 303, 307, 308) and "standby" in text.lower()
        ):
            target = response.headers.get("Location")
            active = _origin(target) if target else None
            raise RMError(
                SN104,
                f"{where}: a standby ResourceManager, the active one is {active} (give it with --rm)"
                if active
                else f"{where}: a standby ResourceManager, and it knows no active one ({_first_line(text)})",
                active=active,
            )
        if status in (401, 403):
            hint = "" if self.connection.negotiate else " (a Kerberized RM needs --negotiate)"
            raise RMError(SN103, f"{where}: HTTP {status} {response.reason or ''}".rstrip() + hint)
        if 300 <= status < 400:
            target = response.headers.get("Location", "")
            raise RMError(SN107, f"{where}: HTTP {status} redirect to {public_address(target)}, not followed")
        if status >= 400:
            raise RMError(
                SN107, f"{where}: HTTP {status} {response.reason or ''}: {_first_line(text)}", status
            )
        return response


def _standby_named(named: str, answer: RMError) -> str:
    """A standby, and what its answer (SN104) says of the active ResourceManager."""
    return named + (f", the active one is {answer.active}" if answer.active else ", and knows no active one")


def _origin(url: str) -> str:
    """The scheme, host and port of ``url``: the address to give with ``--rm``."""
    return public_address(urlunsplit((*urlsplit(url)[:2], "", "", "")))


def _negotiate_auth() -> Any:
    try:
        from requests_gssapi import HTTPSPNEGOAuth
    except ImportError:
        raise RMError(
            SN109, "--negotiate needs the kerberos extra: pip install 'fsctl[kerberos]' (requests-gssapi)"
        ) from None
    return HTTPSPNEGOAuth()


def _reason(exc: BaseException) -> str:
    """The innermost reason of a requests exception, one line (urllib3 nests them deeply)."""
    reason: BaseException = exc
    seen = 0
    while seen < 10:
        inner = reason.args[0] if reason.args and isinstance(reason.args[0], BaseException) else None
        inner = inner or getattr(reason, "reason", None) or reason.__cause__ or reason.__context__
        if not isinstance(inner, BaseException):
            break
        reason = inner
        seen += 1
    text = str(reason) or type(reason).__name__
    if "Connection refused" in text:
        return "connection refused"
    if "Name or service not known" in text or "nodename nor servname" in text:
        return "the host name does not resolve"
    return " ".join(text.split())[:200]


def _first_line(text: str) -> str:
    for line in text.splitlines():
        stripped = " ".join(line.split())
        if stripped:
            return stripped[:120]
    return "empty"
