package dev.fsctl.oracle.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceInformation;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;

/**
 * A demand snapshot as the applications fsctl's Capacity Scheduler model submits, by the
 * conventions the README states (they are fsctl's, not Hadoop's, so both sides implement them and
 * the differential tests hold the two to each other):
 *
 * <ul>
 *   <li>a leaf lists its {@code applications}, or gives {@code apps: N} totals: N applications
 *       named app1..appN, the first holding the whole {@code usage}, the pending containers shared
 *       out evenly (the first ones taking one more when they do not divide);
 *   <li>an application without {@code user} runs as a user named after it; without
 *       {@code container} it asks for the scheduler's minimum allocation;
 *   <li>submission order: by {@code start}, ties in the snapshot's order;
 *   <li>running containers: the AM (when {@code am} is given and the usage is not zero) and the
 *       rest of the usage in containers of the requested size, the last one smaller when they do
 *       not divide; pending: the AM when it is not running, then {@code demand - usage} (less
 *       the AM when it is not running) in containers of the requested size, rounded up.
 * </ul>
 */
final class Snapshot {
  private Snapshot() {
  }

  /** One application as submitted. */
  static final class App {
    final String queue;
    final String name;
    final String user;
    final Integer priority;
    final long start;
    final int position;
    final Resource am;            // null: unmanaged
    final boolean amRunning;
    final Resource container;     // the size each task container asks for (before normalisation)
    final List<Resource> running = new ArrayList<>();  // task containers running
    final int pendingContainers;  // task containers still asked

    App(String queue, String name, String user, Integer priority, long start, int position,
        Resource am, boolean amRunning, Resource container, int pendingContainers) {
      this.queue = queue;
      this.name = name;
      this.user = user;
      this.priority = priority;
      this.start = start;
      this.position = position;
      this.am = am;
      this.amRunning = amRunning;
      this.container = container;
      this.pendingContainers = pendingContainers;
    }
  }

  /** The applications of a snapshot's queues, in submission order. */
  @SuppressWarnings("unchecked")
  static List<App> applications(Map<String, Object> queues, Resource minimum) throws Exception {
    List<App> apps = new ArrayList<>();
    int position = 0;
    for (Map.Entry<String, Object> e : queues.entrySet()) {
      Map<String, Object> load = e.getValue() == null
          ? new java.util.LinkedHashMap<>() : (Map<String, Object>) e.getValue();
      String queue = e.getKey();
      if (load.get("applications") != null) {
        for (Map<String, Object> a : (List<Map<String, Object>>) load.get("applications")) {
          apps.add(listed(queue, a, minimum, position++));
        }
      } else {
        for (App a : totals(queue, load, minimum, position)) {
          apps.add(a);
          position++;
        }
      }
    }
    // a stable sort: equal starts keep the snapshot's order
    apps.sort((a, b) -> a.start != b.start ? Long.compare(a.start, b.start)
        : Integer.compare(a.position, b.position));
    return apps;
  }

  private static App listed(String queue, Map<String, Object> a, Resource minimum, int position)
      throws Exception {
    String name = a.get("name") == null ? "app" + (position + 1) : a.get("name").toString();
    String user = a.get("user") == null ? name : a.get("user").toString();
    Integer priority = a.get("priority") == null ? null : ((Number) a.get("priority")).intValue();
    long start = a.get("start") == null ? 0 : ((Number) a.get("start")).longValue();
    Resource container = a.get("container") == null ? minimum : parse(a.get("container"));
    Resource demand = orZero(a.get("demand"));
    Resource usage = orZero(a.get("usage"));
    Resource am = a.get("am") == null ? null : parse(a.get("am"));
    boolean amRunning = am != null && !isZero(usage);
    Resource rest = subtractFloor(usage, amRunning ? am : none());
    Resource tasks = subtractFloor(demand, usage);
    if (am != null && !amRunning) {
      tasks = subtractFloor(demand, am);
    }
    App app = new App(queue, name, user, priority, start, position, am, amRunning, container,
        count(tasks, container));
    split(rest, container, app.running);
    return app;
  }

  private static List<App> totals(String queue, Map<String, Object> load, Resource minimum,
      int position) throws Exception {
    Resource demand = orZero(load.get("demand"));
    Resource usage = orZero(load.get("usage"));
    int count = load.get("apps") == null
        ? (isZero(demand) && isZero(usage) ? 0 : 1) : ((Number) load.get("apps")).intValue();
    if (count == 0 && !isZero(usage)) {
      count = 1;
    }
    int pending = count(subtractFloor(demand, usage), minimum);
    List<App> apps = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      String name = "app" + (i + 1);
      int mine = pending / count + (i < pending % count ? 1 : 0);
      App app = new App(queue, name, name, null, 0, position + i, null, false, minimum, mine);
      if (i == 0) {
        split(usage, minimum, app.running);
      }
      apps.add(app);
    }
    return apps;
  }

  /** Whole containers of {@code size} that cover {@code amount} (rounded up, the largest type). */
  static int count(Resource amount, Resource size) {
    long n = 0;
    for (ResourceInformation info : amount.getResources()) {
      long want = info.getValue();
      long each = size.getResourceValue(info.getName());
      if (want > 0 && each > 0) {
        n = Math.max(n, (want + each - 1) / each);
      }
    }
    return (int) n;
  }

  /** {@code amount} as containers of {@code size}, the last one smaller when they do not divide. */
  static void split(Resource amount, Resource size, List<Resource> out) {
    int n = count(amount, size);
    for (int i = 0; i < n; i++) {
      Resource r = Resource.newInstance(0, 0);
      for (ResourceInformation info : amount.getResources()) {
        long each = size.getResourceValue(info.getName());
        long left = info.getValue() - i * each;
        long mine = each > 0 ? Math.max(0, Math.min(each, left)) : (i == 0 ? info.getValue() : 0);
        r.setResourceValue(info.getName(), mine);
      }
      out.add(r);
    }
  }

  /** An amount in the Fair Scheduler syntax, the types it does not name 0 (as fsctl reads it). */
  static Resource parse(Object spec) throws Exception {
    return FairSchedulerConfiguration.parseResourceConfigValue(spec.toString(), 0L).getResource();
  }

  static Resource orZero(Object spec) throws Exception {
    return spec == null ? none() : parse(spec);
  }

  static Resource none() {
    Resource r = Resource.newInstance(0, 0);
    for (ResourceInformation info : ResourceUtils.getResourceTypesArray()) {
      r.setResourceValue(info.getName(), 0);
    }
    return r;
  }

  static boolean isZero(Resource r) {
    for (ResourceInformation info : r.getResources()) {
      if (info.getValue() != 0) {
        return false;
      }
    }
    return true;
  }

  static Resource subtractFloor(Resource a, Resource b) {
    Resource r = Resource.newInstance(0, 0);
    for (ResourceInformation info : a.getResources()) {
      r.setResourceValue(info.getName(), Math.max(0, info.getValue() - b.getResourceValue(info.getName())));
    }
    return r;
  }
}
