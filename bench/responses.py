"""Saved REST responses of a large Fair Scheduler cluster, for the snapshot rows of the benchmark.

What ``fsctl snapshot --from`` reads: ``scheduler.json`` (``FairSchedulerInfo``: every queue of the
``wide`` tree of configs.py with its shares), ``apps.json`` (``AppInfo`` of every running
application, each field a ResourceManager writes, in its shape: tests/data/rm/), ``metrics.json``
and ``info.json``. The applications spread over the leaves and over 500 users, some containers
running and some asked for; the shares in ``scheduler.json`` are the ones fsctl computes for that
load (a benchmark measures the reading and the comparison, not Hadoop), so the live check of
``simulate --demand`` compares every value and finds them equal. Deterministic: same arguments,
same bytes.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any

from configs import fair_xml, tree

#: a node of the synthetic cluster; the cluster is sized to hold a third of the demand
NODE = {"memory-mb": 131072, "vcores": 64}
CLUSTER_TIMESTAMP = 1700000000000
USERS = 500
SIZES = ((1024, 1), (2048, 1), (4096, 2), (8192, 4))


def _information(name: str, value: int) -> dict[str, Any]:
    return {
        "attributes": {},
        "maximumAllocation": 9223372036854775807,
        "minimumAllocation": 0,
        "name": name,
        "resourceType": "COUNTABLE",
        "units": "Mi" if name == "memory-mb" else "",
        "value": value,
    }


def resource_info(memory: int, vcores: int) -> dict[str, Any]:
    """``ResourceInfo`` as Jersey writes it."""
    return {
        "memory": memory,
        "resourceInformations": {
            "resourceInformation": [_information("memory-mb", memory), _information("vcores", vcores)]
        },
        "vCores": vcores,
    }


def _leaves(nodes: list[tuple[str, list]], prefix: str = "root") -> list[str]:
    out = []
    for name, children in nodes:
        path = f"{prefix}.{name}"
        out += _leaves(children, path) if children else [path]
    return out


def applications(leaves: list[str], count: int) -> list[dict[str, Any]]:
    """The applications: (leaf, user, container size, running, pending, start), seeded."""
    chance = random.Random(count)
    apps = []
    for index in range(count):
        memory, vcores = chance.choice(SIZES)
        apps.append(
            {
                "id": f"application_{CLUSTER_TIMESTAMP}_{index + 1:06d}",
                "queue": leaves[index % len(leaves)],
                "user": f"user{chance.randrange(USERS)}",
                "memory": memory,
                "vcores": vcores,
                "running": chance.randrange(0, 6),
                "pending": chance.randrange(0, 10),
                "start": CLUSTER_TIMESTAMP + 1000 + index,
            }
        )
    return apps


def app_info(app: dict[str, Any]) -> dict[str, Any]:
    """``AppInfo`` of a running application with an unmanaged AM, every field a 3.4 RM writes."""
    used_memory, used_vcores = app["memory"] * app["running"], app["vcores"] * app["running"]
    requests = []
    if app["pending"]:
        requests.append(
            {
                "allocationRequestId": -1,
                "capability": resource_info(app["memory"], app["vcores"]),
                "executionTypeRequest": {"enforceExecutionType": False, "executionType": "GUARANTEED"},
                "nodeLabelExpression": "",
                "numContainers": app["pending"],
                "priority": 1,
                "relaxLocality": True,
                "resourceName": "*",
            }
        )
    return {
        "allocatedMB": used_memory,
        "allocatedVCores": used_vcores,
        "amRPCAddress": ":1",
        "applicationTags": "",
        "applicationType": "SPARK",
        "clusterId": CLUSTER_TIMESTAMP,
        "clusterUsagePercentage": 0.001,
        "diagnostics": "",
        "elapsedTime": 3600000,
        "finalStatus": "UNDEFINED",
        "finishedTime": 0,
        "id": app["id"],
        "launchTime": app["start"] + 2000,
        "logAggregationStatus": "NOT_START",
        "masterNodeId": "",
        "memorySeconds": used_memory * 3600,
        "name": f"etl-{app['user']}-{app['id'][-6:]}",
        "numAMContainerPreempted": 0,
        "numNonAMContainerPreempted": 0,
        "preemptedMemorySeconds": 0,
        "preemptedResourceMB": 0,
        "preemptedResourceSecondsMap": {},
        "preemptedResourceVCores": 0,
        "preemptedVcoreSeconds": 0,
        "priority": 0,
        "progress": 0.0,
        "queue": app["queue"],
        "queueUsagePercentage": 0.01,
        "reservedMB": 0,
        "reservedVCores": 0,
        "resourceRequests": requests,
        "resourceSecondsMap": {"entry": {"key": "vcores", "value": str(used_vcores * 3600)}},
        "runningContainers": app["running"],
        "startedTime": app["start"],
        "state": "RUNNING",
        "timeouts": {
            "timeout": [{"expiryTime": "UNLIMITED", "remainingTimeInSeconds": -1, "type": "LIFETIME"}]
        },
        "trackingUI": "ApplicationMaster",
        "trackingUrl": "http://N/A",
        "unmanagedApplication": True,
        "user": app["user"],
        "vcoreSeconds": used_vcores * 3600,
    }


def _demand_snapshot(apps: list[dict[str, Any]], cluster: dict[str, int]) -> dict[str, Any]:
    queues: dict[str, Any] = {}
    for app in apps:
        total, running = app["running"] + app["pending"], app["running"]
        queues.setdefault(app["queue"], {"applications": []})["applications"].append(
            {
                "name": app["id"],
                "user": app["user"],
                "demand": {"memory-mb": app["memory"] * total, "vcores": app["vcores"] * total},
                "usage": {"memory-mb": app["memory"] * running, "vcores": app["vcores"] * running},
                "start": app["start"],
            }
        )
    return {"cluster": cluster, "queues": queues}


def _vector(values: dict[str, int] | None) -> dict[str, Any]:
    """A share; a type the queue's policy does not compute (fair: vcores) is written as 0."""
    values = values or {}
    return resource_info(int(values.get("memory-mb") or 0), int(values.get("vcores") or 0))


def scheduler_info(fair: Path, apps: list[dict[str, Any]], cluster: dict[str, int]) -> dict[str, Any]:
    """``FairSchedulerInfo`` with the shares fsctl computes for this load."""
    from fsctl.commands.simulate import SimulateOptions, build_report

    with tempfile.TemporaryDirectory() as scratch:
        demand = Path(scratch) / "demand.json"
        demand.write_text(json.dumps(_demand_snapshot(apps, cluster)))
        result = build_report(SimulateOptions(path=str(fair), demand=str(demand))).result

    def queue(shares: Any) -> dict[str, Any]:
        maximum = {t: min(v, cluster[t]) for t, v in shares.max_share.items()}
        entry: dict[str, Any] = {
            "allocatedContainers": 0,
            "amMaxResources": resource_info(0, 0),
            "amUsedResources": resource_info(0, 0),
            "clusterResources": resource_info(cluster["memory-mb"], cluster["vcores"]),
            "demandResources": _vector(shares.demand),
            "fairResources": _vector(shares.fair_share),
            "maxApps": shares.max_running_apps,
            "maxContainerAllocation": resource_info(8192, 4),
            "maxResources": _vector(maximum),
            "minResources": _vector(shares.min_share),
            "pendingContainers": 0,
            "preemptable": True,
            "queueName": shares.path,
            "reservedContainers": 0,
            "reservedResources": resource_info(0, 0),
            "schedulingPolicy": shares.policy,
            "steadyFairResources": _vector(shares.steady_fair_share),
            "usedResources": _vector(shares.usage),
        }
        if shares.leaf:
            entry["type"] = "fairSchedulerLeafQueueInfo"
            entry["numActiveApps"] = shares.runnable_apps
            entry["numPendingApps"] = shares.apps - shares.runnable_apps
        else:
            entry["childQueues"] = {"queue": [queue(child) for child in shares.children if child.created]}
        return entry

    return {"scheduler": {"schedulerInfo": {"type": "fairScheduler", "rootQueue": queue(result.queues[0])}}}


def write(out: Path, queues: int, apps: int) -> tuple[Path, list[Path]]:
    """The allocation file and the saved responses of a cluster of about ``queues`` queues running
    ``apps`` applications."""
    folder = out / f"responses-{queues}-{apps}"
    folder.mkdir(parents=True, exist_ok=True)
    nodes = tree("wide", queues)
    fair = folder / "fair-scheduler.xml"
    fair.write_text(fair_xml(nodes), encoding="utf-8")
    listed = applications(_leaves([("default", []), *nodes]), apps)
    demand = sum(a["memory"] * (a["running"] + a["pending"]) for a in listed)
    count = max(1, demand // 3 // NODE["memory-mb"])
    cluster = {"memory-mb": NODE["memory-mb"] * count, "vcores": NODE["vcores"] * count}
    documents = {
        "scheduler.json": scheduler_info(fair, listed, cluster),
        "apps.json": {"apps": {"app": [app_info(app) for app in listed]}},
        "metrics.json": {
            "clusterMetrics": {"totalMB": cluster["memory-mb"], "totalVirtualCores": cluster["vcores"]}
        },
        "info.json": {"clusterInfo": {"haState": "ACTIVE", "resourceManagerVersion": "3.4.2"}},
    }
    paths = []
    for name, document in documents.items():
        path = folder / name
        path.write_text(json.dumps(document), encoding="utf-8")
        paths.append(path)
    return fair, paths
