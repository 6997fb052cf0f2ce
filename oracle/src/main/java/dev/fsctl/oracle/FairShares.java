package dev.fsctl.oracle;

import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.MockNodes;
import org.apache.hadoop.yarn.server.resourcemanager.MockRM;
import org.apache.hadoop.yarn.server.resourcemanager.nodelabels.RMNodeLabelsManager;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttempt;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttemptMetrics;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeUpdateSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.ApplicationEntry;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSAppAttempt;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairInternals;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSLeafQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
import org.apache.hadoop.yarn.util.ControlledClock;
import org.apache.hadoop.yarn.util.Records;
import org.mockito.Mockito;

/**
 * Steady and instantaneous fair shares from the real FairScheduler, in the shape of
 * {@code fsctl simulate --format json}.
 *
 * <p>Without demand: the scheduler is initialised as fs2cs does and one node of the cluster's size
 * is added, which is how {@code FairScheduler.addNode} computes steady shares. With demand: a
 * MockRM with FairScheduler, one node, and applications made as
 * {@code FairSchedulerTestBase.createSchedulingRequest} makes them (one container per application
 * holding its share of the queue's demand), then {@code FairScheduler.update()}.
 *
 * <p>Starvation, when the yarn-site enables preemption: the scheduler runs on a controlled clock
 * with no update thread and no preemption thread (nothing changes usage or {@code
 * preemptionTriggered} while the values are read). Each application starts at its snapshot
 * {@code start} (milliseconds after a fixed base); after one update the clock jumps {@link #ELAPSED}
 * ahead and the scheduler updates again, so every finite preemption timeout has passed: fsctl's
 * model (a snapshot has no clock; a finite timeout counts as elapsed, the default infinite one never).
 */
final class FairShares {
  private FairShares() {
  }

  /** The controlled clock's time when the scheduler starts (after any real clock reading). */
  private static final long BASE_TIME = 10_000_000_000_000L;
  /** How far the clock jumps before starvation is read: past any timeout below 2^61 ms. */
  private static final long ELAPSED = 1L << 61;

  /** What the oracle knows of one submitted application beyond Hadoop's own state. */
  private static final class Submitted {
    final ApplicationAttemptId id;
    final String name;
    final Resource am;

    Submitted(ApplicationAttemptId id, String name, Resource am) {
      this.id = id;
      this.name = name;
      this.am = am;
    }
  }

  static Map<String, Object> shares(Map<String, Object> request, Configuration base) throws Exception {
    Resource cluster = Oracle.parseResource(Oracle.str(request, "cluster"));
    @SuppressWarnings("unchecked")
    Map<String, Object> demand = (Map<String, Object>) request.get("demand");
    if (demand == null || demand.isEmpty()) {
      return steadyOnly(request, base, cluster);
    }
    return withDemand(request, base, cluster, demand);
  }

  private static Map<String, Object> steadyOnly(Map<String, Object> request, Configuration base,
      Resource cluster) throws Exception {
    FairScheduler fs;
    try {
      fs = Oracle.fairScheduler(base, Oracle.str(request, "file"));
    } catch (Exception e) {
      return Oracle.failure(e);
    }
    try {
      RMNode node = MockNodes.newNodeInfo(1, cluster, 1, "127.0.0.1");
      fs.handle(new NodeAddedSchedulerEvent(node));
      fs.update();
      return answer(fs);
    } finally {
      fs.stop();
    }
  }

  private static Map<String, Object> withDemand(Map<String, Object> request, Configuration base,
      Resource cluster, Map<String, Object> demand) throws Exception {
    Configuration conf = new YarnConfiguration(base);
    conf.setClass(YarnConfiguration.RM_SCHEDULER, FairScheduler.class, ResourceScheduler.class);
    conf.set(FairSchedulerConfiguration.ALLOCATION_FILE,
        new File(Oracle.str(request, "file")).getAbsolutePath());
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 0);
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_VCORES, 0);
    // requests exactly as large as the snapshot's amounts (no rounding up to an increment)
    conf.setInt(FairSchedulerConfiguration.RM_SCHEDULER_INCREMENT_ALLOCATION_MB, 1);
    conf.setInt(FairSchedulerConfiguration.RM_SCHEDULER_INCREMENT_ALLOCATION_VCORES, 1);
    conf.setLong("yarn.resource-types.memory-mb.increment-allocation", 1);
    conf.setLong("yarn.resource-types.vcores.increment-allocation", 1);
    conf.setLong(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, cluster.getMemorySize());
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_VCORES, cluster.getVirtualCores());
    conf.setBoolean(FairSchedulerConfiguration.ASSIGN_MULTIPLE, true);
    conf.setInt(FairInternals.MAX_ASSIGN, -1);
    // no preemption thread (FairInternals.enableStarvation does its part) and no update thread:
    // the oracle calls update() itself
    conf.setBoolean(FairInternals.PREEMPTION, false);
    conf.setLong(FairSchedulerConfiguration.UPDATE_INTERVAL_MS, 0);
    FairSchedulerConfiguration site = new FairSchedulerConfiguration(base);
    MockRM rm = new MockRM(conf);
    // MockRM turns the root logger to DEBUG for Hadoop's own tests
    org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
    rm.start();
    try {
      FairScheduler fs = (FairScheduler) rm.getResourceScheduler();
      stopAllocationChecks(fs);
      ControlledClock clock = new ControlledClock();
      clock.setTime(BASE_TIME);
      fs.setClock(clock);
      RMNode node = MockNodes.newNodeInfo(1, cluster, 1, "127.0.0.1");
      fs.handle(new NodeAddedSchedulerEvent(node));
      int[] ids = {1};
      // Each application's usage is asked for and allocated right after it is submitted, so every
      // heartbeat has exactly one application to serve; then every application asks for its part of
      // the rest of the demand. A queue's load is either listed application by application (demand,
      // usage, start, user) or as totals over `apps` applications, the first of which holds the usage.
      // Submitted as a ResourceManager receives them, which is the order MaxRunningAppsEnforcer
      // admits them in (each user's and each queue's maxRunningApps): the applications of queues
      // given as totals first (they have no start), in the snapshot's order, then every listed
      // application by its start, ties in the snapshot's order.
      List<Object[]> entries = new ArrayList<>();
      List<Object[]> listed = new ArrayList<>();
      for (Map.Entry<String, Object> e : demand.entrySet()) {
        Map<String, Object> load = load(e.getValue());
        for (Map<String, Object> app : applications(load)) {
          (load.get("applications") != null ? listed : entries).add(new Object[] {e.getKey(), app});
        }
      }
      listed.sort((a, b) -> Double.compare(start(app(a)), start(app(b))));
      entries.addAll(listed);
      List<Object[]> pendingAsks = new ArrayList<>();
      Map<String, List<Submitted>> submitted = new LinkedHashMap<>();
      for (Object[] entry : entries) {
        String queue = (String) entry[0];
        Map<String, Object> app = app(entry);
        clock.setTime(BASE_TIME + (long) start(app));
        Object user = app.get("user");
        ApplicationAttemptId id = submit(rm, fs, queue, ids, user == null ? null : user.toString());
        if (id == null) {
          continue;
        }
        Resource am = app.get("am") == null ? null : Oracle.parseResource(app.get("am").toString());
        Object name = app.get("name");
        submitted.computeIfAbsent(queue, k -> new ArrayList<>())
            .add(new Submitted(id, name == null ? id.getApplicationId().toString() : name.toString(), am));
        Resource used = resourceOrZero(app.get("usage"));
        Resource total = resourceOrZero(app.get("demand"));
        if (!isZero(used)) {
          ask(fs, id, used, 1);
          fs.update();
          fs.handle(new NodeUpdateSchedulerEvent(node));
        }
        Resource pending = Resource.newInstance(Math.max(0, total.getMemorySize() - used.getMemorySize()),
            Math.max(0, total.getVirtualCores() - used.getVirtualCores()));
        if (!isZero(pending)) {
          pendingAsks.add(new Object[] {id, pending});
        }
        // an application master the snapshot shows running: it is part of the usage
        if (am != null && !isZero(used)) {
          FairInternals.amRunning(FairInternals.app(fs, id), am);
        }
      }
      for (Object[] pending : pendingAsks) {
        ask(fs, (ApplicationAttemptId) pending[0], (Resource) pending[1], 2);
      }
      // starvation from here on only: the updates made while the usage was being placed would
      // leave values behind on applications no later update visits (those without pending demand)
      if (site.getPreemptionEnabled()) {
        FairInternals.enableStarvation(fs, site.getPreemptionUtilizationThreshold());
      }
      fs.update();
      clock.setTime(clock.getTime() + ELAPSED);
      fs.update();
      Map<String, Object> answer = answer(fs);
      addApplications(fs, answer, submitted);
      return answer;
    } finally {
      rm.stop();
    }
  }

  /**
   * The allocation file's reload thread also runs AllocationReloadListener.onCheck every 10 s
   * (3.2 and later), which removes dynamic queues that are empty at that moment: a request that
   * outlasts a tick (on a busy machine) would see a queue vanish between its creation and its
   * application's attempt, one that does not would not. The oracle answers for one instant.
   */
  private static void stopAllocationChecks(FairScheduler fs) throws ReflectiveOperationException {
    java.lang.reflect.Field loader = FairScheduler.class.getDeclaredField("allocsLoader");
    loader.setAccessible(true);
    ((org.apache.hadoop.service.Service) loader.get(fs)).stop();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> app(Object[] entry) {
    return (Map<String, Object>) entry[1];
  }

  /** An application in {@code queue}, made as FairSchedulerTestBase.createSchedulingRequest makes it;
   * a snapshot's application that names no user is the only one of its user. */
  private static ApplicationAttemptId submit(MockRM rm, FairScheduler fs, String queue, int[] ids,
      String user) {
    ApplicationAttemptId id = ApplicationAttemptId.newInstance(ApplicationId.newInstance(0, ids[0]), 1);
    ids[0]++;
    RMApp rmApp = Mockito.mock(RMApp.class);
    RMAppAttempt attempt = Mockito.mock(RMAppAttempt.class);
    Mockito.when(rmApp.getCurrentAppAttempt()).thenReturn(attempt);
    Mockito.when(attempt.getRMAppAttemptMetrics()).thenReturn(new RMAppAttemptMetrics(id, rm.getRMContext()));
    // an unmanaged AM: the snapshot's usage is containers already running, not AM containers that
    // FSLeafQueue.canRunAppAM would hold back
    ApplicationSubmissionContext sub = Mockito.mock(ApplicationSubmissionContext.class);
    Mockito.when(sub.getUnmanagedAM()).thenReturn(true);
    Mockito.when(attempt.getSubmissionContext()).thenReturn(sub);
    Mockito.when(rmApp.getApplicationSubmissionContext()).thenReturn(sub);
    Mockito.when(attempt.getMasterContainer()).thenReturn(Mockito.mock(Container.class));
    rm.getRMContext().getRMApps().put(id.getApplicationId(), rmApp);
    if (!ApplicationEntry.add(fs, id, queue, user != null ? user : "user" + ids[0])) {
      return null;
    }
    return id;
  }

  /** One container of {@code size} at {@code priority}, as createResourceRequest builds it. */
  private static void ask(FairScheduler fs, ApplicationAttemptId id, Resource size, int priority) {
    ResourceRequest request = Records.newRecord(ResourceRequest.class);
    request.setCapability(size);
    request.setResourceName(ResourceRequest.ANY);
    request.setNumContainers(1);
    Priority p = Records.newRecord(Priority.class);
    p.setPriority(priority);
    request.setPriority(p);
    request.setRelaxLocality(true);
    request.setNodeLabelExpression(RMNodeLabelsManager.NO_LABEL);
    List<ResourceRequest> asks = new ArrayList<>();
    asks.add(request);
    Line.allocate(fs, id, asks);
  }

  /** The applications of one queue's load, each with its demand and usage, in start order. */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> applications(Map<String, Object> load) throws Exception {
    List<Map<String, Object>> apps = new ArrayList<>();
    if (load.get("applications") != null) {
      apps.addAll((List<Map<String, Object>>) load.get("applications"));
      apps.sort((a, b) -> Double.compare(start(a), start(b)));
      return apps;
    }
    Resource used = resourceOrZero(load.get("usage"));
    Resource total = resourceOrZero(load.get("demand"));
    int count = load.get("apps") == null
        ? (isZero(total) && isZero(used) ? 0 : 1) : ((Number) load.get("apps")).intValue();
    if (count == 0 && !isZero(used)) {
      count = 1;
    }
    Resource pending = Resource.newInstance(Math.max(0, total.getMemorySize() - used.getMemorySize()),
        Math.max(0, total.getVirtualCores() - used.getVirtualCores()));
    for (int i = 0; i < count; i++) {
      long mem = pending.getMemorySize() / count + (i == 0 ? pending.getMemorySize() % count : 0);
      int vc = pending.getVirtualCores() / count + (i == 0 ? pending.getVirtualCores() % count : 0);
      Resource mine = i == 0 ? Resource.newInstance(used.getMemorySize(), used.getVirtualCores())
          : Resource.newInstance(0, 0);
      Map<String, Object> app = new LinkedHashMap<>();
      app.put("usage", mine.getMemorySize() + " mb, " + mine.getVirtualCores() + " vcores");
      app.put("demand", (mine.getMemorySize() + mem) + " mb, " + (mine.getVirtualCores() + vc) + " vcores");
      apps.add(app);
    }
    return apps;
  }

  private static double start(Map<String, Object> app) {
    Object start = app.get("start");
    return start instanceof Number ? ((Number) start).doubleValue() : 0;
  }

  /**
   * Each leaf's applications in submission order, with Hadoop's per-application values, and the
   * leaf's AM limit and starvation (the amounts {@code FSLeafQueue.updateStarvedApps} computes).
   */
  @SuppressWarnings("unchecked")
  private static void addApplications(FairScheduler fs, Map<String, Object> answer,
      Map<String, List<Submitted>> submitted) throws Exception {
    for (Object row : (List<Object>) answer.get("queues")) {
      Map<String, Object> q = (Map<String, Object>) row;
      FSQueue queue = fs.getQueueManager().getQueue((String) q.get("path"));
      if (!(queue instanceof FSLeafQueue)) {
        continue;
      }
      FSLeafQueue leaf = (FSLeafQueue) queue;
      float maxAMShare = FairInternals.maxAMShare(leaf);
      boolean limited = Math.abs(maxAMShare - -1.0f) >= 0.0001;
      q.put("max_am_share", (double) maxAMShare);
      q.put("am_usage", Oracle.resource(FairInternals.amUsage(leaf)));
      q.put("am_limit", limited ? Oracle.resource(FairInternals.amLimit(leaf)) : null);
      Resource fairStarved = Resource.newInstance(0, 0);
      List<Object> apps = new ArrayList<>();
      for (Submitted s : submitted.getOrDefault(leaf.getName(), new ArrayList<>())) {
        FSAppAttempt app = FairInternals.app(fs, s.id);
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("name", s.name);
        a.put("id", s.id.getApplicationId().toString());
        a.put("runnable", FairInternals.runnable(app));
        a.put("demand", Oracle.resource(app.getDemand()));
        a.put("usage", Oracle.resource(app.getResourceUsage()));
        a.put("fair_share", Oracle.resource(app.getFairShare()));
        Map<String, Object> starvation = new LinkedHashMap<>();
        starvation.put("min_share", Oracle.resource(FairInternals.minShareStarvation(app)));
        starvation.put("fair_share", Oracle.resource(FairInternals.fairShareStarvation(app)));
        a.put("starvation", starvation);
        org.apache.hadoop.yarn.util.resource.Resources.addTo(fairStarved,
            FairInternals.fairShareStarvation(app));
        a.put("am_resource", s.am == null ? null : Oracle.resource(s.am));
        a.put("am_running", app.isAmRunning());
        // FSAppAttempt.isOverAMShareLimit for an AM still waiting, at the snapshot's instant
        a.put("am_blocked", s.am != null && !app.isAmRunning() && !leaf.canRunAppAM(s.am));
        apps.add(a);
      }
      q.put("applications", apps);
      Map<String, Object> starvation = new LinkedHashMap<>();
      boolean computed = FairInternals.starvationComputed(fs);
      starvation.put("min_share", Oracle.resource(computed
          ? FairInternals.queueMinShareStarvation(leaf, fairStarved) : Resource.newInstance(0, 0)));
      starvation.put("fair_share", Oracle.resource(fairStarved));
      q.put("starvation", starvation);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> load(Object value) {
    return value == null ? new LinkedHashMap<>() : (Map<String, Object>) value;
  }

  private static Resource resourceOrZero(Object spec) throws Exception {
    return spec == null ? Resource.newInstance(0, 0) : Oracle.parseResource(spec.toString());
  }

  private static boolean isZero(Resource r) {
    return r.getMemorySize() == 0 && r.getVirtualCores() == 0;
  }

  private static Map<String, Object> answer(FairScheduler fs) {
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", true);
    answer.put("error", null);
    answer.put("version", 1);
    answer.put("cluster", Oracle.resource(fs.getClusterResource()));
    List<Object> queues = new ArrayList<>();
    walk(fs.getQueueManager().getRootQueue(), queues);
    answer.put("queues", queues);
    return answer;
  }

  private static void walk(FSQueue queue, List<Object> out) {
    Map<String, Object> q = new LinkedHashMap<>();
    q.put("path", queue.getName());
    q.put("parent", queue.getParent() == null ? null : queue.getParent().getName());
    q.put("leaf", queue instanceof FSLeafQueue);
    q.put("policy", queue.getPolicy().getName());
    q.put("weight", (double) Line.weight(queue));
    q.put("active", queue.isActive());
    q.put("min_share", Oracle.resource(queue.getMinShare()));
    q.put("max_share", Oracle.resource(queue.getMaxShare()));
    q.put("demand", Oracle.resource(queue.getDemand()));
    q.put("usage", Oracle.resource(queue.getResourceUsage()));
    q.put("steady_fair_share", Oracle.resource(queue.getSteadyFairShare()));
    q.put("fair_share", Oracle.resource(queue.getFairShare()));
    if (queue instanceof FSLeafQueue) {
      q.put("runnable_apps", queue.getNumRunnableApps());
    }
    out.add(q);
    for (FSQueue child : queue.getChildQueues()) {
      walk(child, out);
    }
  }
}
