"""``fsctl snapshot`` (``SN1xx``): a ResourceManager, or saved REST responses, that cannot give a
snapshot. Each one stops the command (exit 2) with one line naming the address or file and what was
wrong, and nothing is written."""

from fsctl.catalogue import ERROR, define

SN101 = define(
    "SN101",
    "rm-unreachable",
    ERROR,
    """No ResourceManager answers at the address given with ``--rm``.

    The connection was refused, the host name does not resolve, or the network is down. Give the
    web address of the ResourceManager (``yarn.resourcemanager.webapp.address``, usually port 8088,
    or 8090 with HTTPS), for example ``--rm http://rm1.example.com:8088``.
    """,
)

SN102 = define(
    "SN102",
    "rm-timeout",
    ERROR,
    """The ResourceManager did not answer within ``--timeout`` seconds.

    A ResourceManager under heavy load, a large cluster (the applications list of 100,000
    applications takes a while), or a firewall that drops packets. Raise ``--timeout``.
    """,
)

SN103 = define(
    "SN103",
    "rm-access-denied",
    ERROR,
    """The ResourceManager (or a gateway in front of it) refused the request: HTTP 401 or 403.

    A Kerberized ResourceManager needs ``--negotiate`` (SPNEGO, with a ticket from ``kinit``); a
    gateway such as Knox may need ``--header "Authorization: ..."``. Header values are never written
    into the snapshot.
    """,
)

SN104 = define(
    "SN104",
    "rm-standby",
    ERROR,
    """No ResourceManager given with ``--rm`` is active: each one answering is a standby.

    In a ResourceManager HA pair only the active one serves the scheduler and the applications.
    fsctl asks each ``--rm`` for ``/ws/v1/cluster/info``, which a standby answers itself with its
    state (``STANDBY``), and reads from the one that is ``ACTIVE``. Any other path a standby answers
    with a 307 redirect to the active one ("This is standby RM"), which the message names ("the
    active one is ..."): give it with ``--rm``. A standby that knows no active one (the active
    stopped, or an election is under way) answers "Can not find any active RM", and the message says
    so: wait for the failover, or check the pair. A redirect is never followed (headers and
    credentials go only where you send them).
    """,
)

SN105 = define(
    "SN105",
    "rm-response-not-json",
    ERROR,
    """A response (or a saved response file) is not the JSON the ResourceManager sends.

    An HTML page from a proxy, a login page or a load balancer, a truncated download, or a file
    saved from the wrong address. Save responses with ``curl -H 'Accept: application/json'``.
    """,
)

SN106 = define(
    "SN106",
    "rm-response-unexpected",
    ERROR,
    """A REST response is JSON but not in the shape fsctl reads.

    The message names the JSON path: a field missing (an older ResourceManager), a value of the
    wrong type, or a scheduler fsctl does not read (only the Fair and Capacity Schedulers).
    """,
    hadoop_source="webapp/dao/FairSchedulerQueueInfo.java, CapacitySchedulerQueueInfo.java, AppInfo.java",
)

SN107 = define(
    "SN107",
    "rm-http-error",
    ERROR,
    """The ResourceManager answered with an HTTP error other than 401 or 403.

    For example 404 for a path an older release does not serve, or 500 for an error inside the
    ResourceManager; the message gives the status and the first line of the answer.
    """,
)

SN108 = define(
    "SN108",
    "rm-tls-failed",
    ERROR,
    """The HTTPS connection failed: the certificate is not trusted, has expired or names another host.

    Give the certificate authority that signed the ResourceManager's certificate with
    ``--ca-bundle FILE`` (PEM).
    """,
)

SN109 = define(
    "SN109",
    "negotiate-unavailable",
    ERROR,
    """``--negotiate`` (SPNEGO/Kerberos) needs the optional ``kerberos`` extra.

    Install it with ``pip install 'fsctl[kerberos]'`` (it brings ``requests-gssapi``, which needs the
    system's Kerberos libraries), then ``kinit`` and run again.
    """,
)

SN110 = define(
    "SN110",
    "snapshot-input-unreadable",
    ERROR,
    """A saved response given with ``--from`` cannot be read, or is not one fsctl recognises.

    ``--from`` takes the responses of ``/ws/v1/cluster/scheduler`` and ``/ws/v1/cluster/apps``, and
    optionally ``/ws/v1/cluster/metrics`` and the configuration (``/conf`` as XML or JSON, or
    ``/ws/v1/cluster/scheduler-conf``), in any order: each is recognised by its content.
    """,
)

SN111 = define(
    "SN111",
    "snapshot-not-written",
    ERROR,
    """The snapshot file was not written: it exists (give ``--force``), is an input, or cannot be
    written.

    The file is written through a temporary file and a rename, so an interrupted run leaves the old
    file or the new one, never a part of one.
    """,
)
