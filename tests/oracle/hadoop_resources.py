"""Hadoop's own converter test resources, read from the ResourceManager test jar the oracle's Maven
build downloads (they are Hadoop's files, so they are read where Maven put them, not copied here)."""

from __future__ import annotations

import zipfile
from pathlib import Path

TEST_JAR = (
    Path.home()
    / ".m2/repository/org/apache/hadoop/hadoop-yarn-server-resourcemanager/3.4.2"
    / "hadoop-yarn-server-resourcemanager-3.4.2-tests.jar"
)
#: every allocation file TestFSConfigToCSConfigConverter and its neighbours convert
CONVERTER_RESOURCES = (
    "fair-scheduler-conversion.xml",
    "fair-scheduler-sameleafqueue.xml",
    "fair-scheduler-invalidplacementrules.xml",
    "fair-scheduler-orderingpolicy-mixed.xml",
    "fair-scheduler-orderingpolicy.xml",
    "fair-scheduler-defaultMaxAmShareDisabled.xml",
    "fair-scheduler-max-resources-percentage.xml",
    "fair-scheduler-noplacementrules.xml",
    "fair-scheduler-onlyfairpolicy.xml",
    "fair-scheduler-invalid.xml",
    "test-fair-scheduler.xml",
)
RULES_RESOURCE = "conversion-rules.properties"


def extract(names: tuple[str, ...], into: Path) -> list[Path]:
    """Copy the named resources out of the test jar; a missing jar is an error, never a skip."""
    paths = []
    with zipfile.ZipFile(TEST_JAR) as jar:
        for name in names:
            target = into / name
            target.write_bytes(jar.read(name))
            paths.append(target)
    return paths
