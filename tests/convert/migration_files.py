"""Fair Scheduler clusters shaped like the migration trial of issue 24: 50 to 100 queues in nested
departments (leaf names repeated across them), user queues under a parent (``nestedUserQueue``),
a reservation (plan) queue, absolute and percentage ``minResources``/``maxResources``, drf and fair
policies; and a demand snapshot for some of their leaves and user queues. Deterministic per seed."""

from __future__ import annotations

import random
from dataclasses import dataclass

CLUSTER = "memory-mb=1024000, vcores=1000"
LEAVES = ("p0", "p1", "p2", "etl", "adhoc")


@dataclass(frozen=True)
class MigrationCase:
    fair: str
    demand: str
    queues: int


def _resources(rng: random.Random, share: float) -> str:
    """An absolute or a percentage resource value of about ``share`` of the cluster."""
    if rng.random() < 0.4:
        percent = max(1, round(share * 100))
        return f"{percent}%" if rng.random() < 0.5 else f"memory-mb={percent}%, vcores={max(1, percent - 5)}%"
    memory = max(1024, int(1024000 * share) // 1024 * 1024)
    return f"memory-mb={memory}, vcores={max(1, int(1000 * share))}"


def migration_case(seed: int) -> MigrationCase:
    rng = random.Random(seed)
    target = rng.randint(50, 100)
    lines = ["<allocations>", "  <defaultQueueSchedulingPolicy>drf</defaultQueueSchedulingPolicy>"]
    lines.append('  <queue name="root">')
    count = 1
    leaves: list[str] = []
    department = 0
    while count < target - 3:  # the last three: users, plans, default
        name = f"d{department}"
        department += 1
        share = rng.uniform(0.05, 0.3)
        lines.append(f'    <queue name="{name}">')
        lines.append(f"      <weight>{rng.choice((1, 2, 3, 5, 8, 10))}.0</weight>")
        if rng.random() < 0.6:
            lines.append(f"      <minResources>{_resources(rng, share)}</minResources>")
        if rng.random() < 0.6:
            lines.append(
                f"      <maxResources>{_resources(rng, min(1.0, share * rng.uniform(1.2, 3)))}</maxResources>"
            )
        count += 1
        for team in range(rng.randint(1, 3)):
            if count >= target - 4:  # a team needs two: itself and a leaf
                break
            parent = f"t{team}"
            lines.append(f'      <queue name="{parent}">')
            count += 1
            for leaf in rng.sample(LEAVES, rng.randint(2, 5))[: target - 3 - count]:
                lines.append(f'        <queue name="{leaf}">')
                lines.append(f"          <weight>{rng.choice(('0.5', '1.0', '2.0', '4.0', '8.0'))}</weight>")
                if rng.random() < 0.4:
                    lines.append(f"          <minResources>{_resources(rng, share / 8)}</minResources>")
                if rng.random() < 0.3:
                    lines.append(f"          <maxResources>{_resources(rng, share / 2)}</maxResources>")
                if rng.random() < 0.2:
                    lines.append("          <schedulingPolicy>fair</schedulingPolicy>")
                lines.append("        </queue>")
                leaves.append(f"root.{name}.{parent}.{leaf}")
                count += 1
            lines.append("      </queue>")
        lines.append("    </queue>")
    # user queues under a parent, a reservation (plan) queue, the default queue
    lines.append('    <queue name="users" type="parent">')
    lines.append("      <weight>2.0</weight>")
    lines.append(f"      <maxChildResources>{_resources(rng, 0.05)}</maxChildResources>")
    lines.append("    </queue>")
    lines.append('    <queue name="plans">')
    lines.append("      <reservation/>")
    lines.append(f"      <maxResources>{_resources(rng, 0.2)}</maxResources>")
    lines.append("    </queue>")
    lines.append('    <queue name="default">')
    lines.append("      <weight>1.0</weight>")
    lines.append("    </queue>")
    lines.append("  </queue>")
    lines.append("  <queuePlacementPolicy>")
    lines.append('    <rule name="specified" create="false"/>')
    lines.append(
        '    <rule name="nestedUserQueue" create="true"><rule name="default" queue="root.users"/></rule>'
    )
    lines.append("  </queuePlacementPolicy>")
    lines.append("</allocations>")
    count += 3

    demand = [f'cluster: "{CLUSTER}"', "queues:"]
    for leaf in rng.sample(leaves, min(len(leaves), rng.randint(3, 12))):
        want = rng.randint(1, 200) * 1024
        use = rng.randint(0, want // 1024) * 1024
        demand.append(
            f'  {leaf}: {{demand: "memory-mb={want}, vcores={want // 1024}", '
            f'usage: "memory-mb={use}, vcores={use // 1024}", apps: {rng.randint(1, 5)}}}'
        )
    for user in rng.sample(("alice", "bob", "carol"), rng.randint(0, 2)):
        demand.append(f'  root.users.{user}: {{demand: "memory-mb=40960, vcores=40", apps: 1}}')
    return MigrationCase("\n".join(lines) + "\n", "\n".join(demand) + "\n", count)
