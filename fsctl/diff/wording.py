"""The human sentence of each change: what the property does, so a reviewer knows what moved."""

from __future__ import annotations

#: Fair Scheduler element names and Capacity Scheduler key suffixes -> what they govern
MEANING: dict[str, str] = {
    # Fair Scheduler (fs-parse.md §2.3)
    "weight": "share relative to its siblings",
    "minResources": "guaranteed minimum share",
    "maxResources": "hard ceiling on resources",
    "maxChildResources": "ceiling for each dynamically created child",
    "maxRunningApps": "running-application limit",
    "maxAMShare": "share of the queue's fair share that application masters may use",
    "maxContainerAllocation": "largest single container",
    "schedulingPolicy": "how the queue divides its share",
    "minSharePreemptionTimeout": "milliseconds below min share before preempting",
    "fairSharePreemptionTimeout": "milliseconds below the fair-share threshold before preempting",
    "fairSharePreemptionThreshold": "fraction of fair share below which the queue is starved",
    "allowPreemptionFrom": "whether containers may be preempted from this queue",
    "aclSubmitApps": "who may submit",
    "aclAdministerApps": "who may administer",
    # Capacity Scheduler (cs.md §2.2)
    "capacity": "guaranteed capacity",
    "maximum-capacity": "elastic ceiling",
    "state": "whether the queue accepts applications",
    "user-limit-factor": "how far one user may exceed the guarantee",
    "minimum-user-limit-percent": "minimum share per active user",
    "maximum-am-resource-percent": "share application masters may use",
    "max-parallel-apps": "running-application limit",
    "maximum-applications": "running plus pending application limit",
    "maximum-allocation-mb": "largest single container (memory)",
    "maximum-allocation-vcores": "largest single container (vcores)",
    "maximum-allocation": "largest single container",
    "ordering-policy": "how the queue orders its applications or children",
    "acl_submit_applications": "who may submit",
    "acl_administer_queue": "who may administer",
    "disable_preemption": "whether containers may be preempted from this queue",
    "accessible-node-labels": "node labels the queue may use",
    "default-node-label-expression": "label applications get by default",
    "priority": "queue priority",
}


def describe_property(key: str, old: str | None, new: str | None, inherited: bool) -> str:
    meaning = MEANING.get(key)
    about = f" ({meaning})" if meaning else ""
    if old is None:
        sentence = f"{key} now {new}{about}"
    elif new is None:
        sentence = f"{key} no longer applies (was {old}){about}"
    else:
        sentence = f"{key} {old} -> {new}{about}"
    if inherited:
        sentence += "; not set on this queue: comes from a default or an ancestor"
    return sentence


def describe_share(label: str, old: str | None, new: str | None) -> str:
    """``steady fair share 12.5% -> 10.0% of the cluster``."""
    if old is None:
        return f"{label} {new} of the cluster (new queue)"
    if new is None:
        return f"{label} was {old} of the cluster (queue gone)"
    return f"{label} {old} -> {new} of the cluster"
