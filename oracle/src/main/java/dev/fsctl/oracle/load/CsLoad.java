package dev.fsctl.oracle.load;

import java.io.File;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.SecurityUtil;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.Container;
import org.apache.hadoop.yarn.api.records.ContainerId;
import org.apache.hadoop.yarn.api.records.ContainerState;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceInformation;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.event.Event;
import org.apache.hadoop.yarn.server.api.protocolrecords.NMContainerStatus;
import org.apache.hadoop.yarn.server.resourcemanager.MockNM;
import org.apache.hadoop.yarn.server.resourcemanager.MockRM;
import org.apache.hadoop.yarn.server.resourcemanager.RMContextImpl;
import org.apache.hadoop.yarn.server.resourcemanager.RMServerUtils;
import org.apache.hadoop.yarn.server.resourcemanager.nodelabels.RMNodeLabelsManager;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMApp;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppEvent;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppEventType;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.RMAppState;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttempt;
import org.apache.hadoop.yarn.server.resourcemanager.rmapp.attempt.RMAppAttemptMetrics;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ContainerUpdates;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.SchedulerApplication;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.UserInfo;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.UsersManager;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.SchedulingMode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.AppAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.AppAttemptAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeUpdateSchedulerEvent;
import org.apache.hadoop.yarn.util.Records;
import org.apache.hadoop.yarn.util.resource.Resources;
import org.mockito.Mockito;

/**
 * {@code cs-load}: the allocation the real CapacityScheduler reaches for a demand snapshot when the
 * demand persists, per queue, user and application, in the shape fsctl's model reports.
 *
 * <p>The ResourceManager is a {@code MockRM} with the CapacityScheduler (asynchronous scheduling,
 * the scheduling monitors and multi-node placement off: the model is the node-heartbeat scheduler
 * without preemption). The snapshot becomes Hadoop's state as an RM restart with work-preserving
 * recovery builds it ({@link Snapshot} has the conventions):
 * <ol>
 *   <li>one node of the cluster's size registers ({@code MockNM}): every queue learns its limits;
 *   <li>a queue the snapshot names that the file lacks is created as its first submission would
 *       create it ({@code CapacitySchedulerQueueManager.createQueue}, auto-queue-creation-v2, 3.4);
 *   <li>the applications are submitted in order: Hadoop accepts or refuses each (maximum
 *       applications, queue state), makes it runnable or not (max-parallel-apps) and activates it
 *       when the AM limits allow, as {@code RMAppManager} and {@code CapacityScheduler} do;
 *   <li>the running containers are recovered whatever the limits, by the scheduler's own recovery
 *       ({@code AbstractYarnScheduler.recoverContainersOnNode}, as for a node registering after a
 *       restart);
 *   <li>each application asks for what it still needs, in order: its AM container (priority 0)
 *       when the AM is not running, its task containers (priority 1) once the AM runs;
 *   <li>the node heartbeats until a heartbeat allocates or reserves nothing more.
 * </ol>
 */
public final class CsLoad {
  /** Application ids: one cluster time stamp, ids in submission order. */
  private static final long CLUSTER_TIME = 1_700_000_000_000L;
  /** Recovered containers carry ids the attempt's own counter never reaches. */
  private static final long RECOVERED_IDS = 1L << 40;
  private static final String NODE = "h0:1234";

  private CsLoad() {
  }

  /** One submitted application: the snapshot's and Hadoop's sides. */
  private static final class Submitted {
    final Snapshot.App app;
    final ApplicationAttemptId attempt;
    final RMApp rmApp;
    final RMAppAttempt rmAttempt;
    String refusal;
    boolean tasksAsked;
    ContainerId amContainer;

    Submitted(Snapshot.App app, ApplicationAttemptId attempt, RMApp rmApp, RMAppAttempt rmAttempt) {
      this.app = app;
      this.attempt = attempt;
      this.rmApp = rmApp;
      this.rmAttempt = rmAttempt;
    }
  }

  @SuppressWarnings("unchecked")
  public static Map<String, Object> answer(Map<String, Object> request, Configuration base)
      throws Exception {
    Configuration conf = new YarnConfiguration(base);
    conf.addResource(new Path(new File(request.get("file").toString()).getAbsolutePath()));
    conf.setClass(YarnConfiguration.RM_SCHEDULER, CapacityScheduler.class, ResourceScheduler.class);
    conf.setBoolean("yarn.scheduler.capacity.schedule-asynchronously.enable", false);
    conf.setBoolean("yarn.scheduler.capacity.multi-node-placement-enabled", false);
    if (Boolean.TRUE.equals(request.get("preempt"))) {
      // the queues read the monitor switch as the yarn-site sets it (with it off, every queue's
      // preemption is disabled), but no monitor runs: LoadPreemption runs the policy once, after
      conf.set(YarnConfiguration.RM_SCHEDULER_MONITOR_POLICIES, "");
    } else {
      conf.setBoolean(YarnConfiguration.RM_SCHEDULER_ENABLE_MONITORS, false);
    }
    // mock node host names do not resolve: container tokens name the host, not its address
    conf.setBoolean("hadoop.security.token.service.use_ip", false);
    SecurityUtil.setConfiguration(conf);
    Map<String, Object> queues = request.get("demand") == null
        ? new LinkedHashMap<>() : (Map<String, Object>) request.get("demand");

    MockRM rm;
    try {
      rm = new MockRM(conf);
      org.apache.log4j.LogManager.getRootLogger().setLevel(org.apache.log4j.Level.WARN);
      rm.start();
    } catch (Exception e) {
      return failure(e);
    }
    try {
      CapacityScheduler cs = (CapacityScheduler) rm.getResourceScheduler();
      RMContextImpl context = (RMContextImpl) rm.getRMContext();
      Resource cluster = Snapshot.parse(request.get("cluster"));
      List<Snapshot.App> apps = Snapshot.applications(queues, cs.getMinimumResourceCapability());

      // the node registers: every queue learns the cluster's size (limits, maximum applications)
      MockNM nm = new MockNM(NODE, cluster, rm.getResourceTrackerService());
      nm.registerNode();
      rm.drainEvents();
      RMNode node = context.getRMNodes().get(nm.getNodeId());

      // a queue the snapshot names exists on the cluster it was taken from: one the file lacks is
      // created now, as its first submission would (auto-queue-creation-v2); where Hadoop refuses,
      // the applications are refused as for an unknown queue
      for (String path : queues.keySet()) {
        createQueue(cs, path);
      }
      rm.drainEvents();

      List<Submitted> submitted = new ArrayList<>();
      int id = 1;
      for (Snapshot.App app : apps) {
        submitted.add(submit(rm, cs, app, id++));
      }
      rm.drainEvents();

      // what runs, as the node reports it on registering after a restart: recovered whatever the
      // limits (the scheduler's own recovery, AbstractYarnScheduler.recoverContainersOnNode)
      context.setWorkPreservingRecoveryEnabled(true);
      List<NMContainerStatus> running = new ArrayList<>();
      for (Submitted s : submitted) {
        running.addAll(runningContainers(s));
      }
      cs.recoverContainersOnNode(running, node);
      rm.drainEvents();

      for (Submitted s : submitted) {
        if (s.refusal == null && cs.getApplicationAttempt(s.attempt) != null) {
          ask(rm, cs, s);
        }
      }
      int heartbeats = 0;
      int quiet = 0;
      long limit = 50L + 4L * apps.size() + 2 * containersThatFit(cluster, cs.getMinimumResourceCapability());
      String stuck = null;
      while (quiet < 2) {
        if (heartbeats >= limit) {
          stuck = "no fixpoint after " + heartbeats + " heartbeats";
          break;
        }
        Resource before = Resources.add(cs.getRootQueue().getQueueResourceUsage().getUsed(),
            cs.getRootQueue().getQueueResourceUsage().getReserved());
        cs.handle(new NodeUpdateSchedulerEvent(node));
        heartbeats++;
        boolean asked = false;
        for (Submitted s : submitted) {
          asked |= askTasksOnceTheAmRuns(rm, cs, s);
        }
        Resource after = Resources.add(cs.getRootQueue().getQueueResourceUsage().getUsed(),
            cs.getRootQueue().getQueueResourceUsage().getReserved());
        quiet = asked || !after.equals(before) ? 0 : quiet + 1;
      }
      if (stuck != null) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("ok", false);
        answer.put("error", error("NoFixpoint", stuck));
        return answer;
      }
      rm.drainEvents();
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("ok", true);
      answer.put("error", null);
      answer.put("cluster", resource(cs.getClusterResource()));
      answer.put("heartbeats", heartbeats);
      answer.put("node_reserved", cs.getNode(nm.getNodeId()).getReservedContainer() != null);
      List<Object> queueRows = new ArrayList<>();
      describeQueues(cs, cs.getRootQueue(), queueRows);
      answer.put("queues", queueRows);
      List<Object> appRows = new ArrayList<>();
      for (Submitted s : submitted) {
        appRows.add(describeApp(cs, s));
      }
      answer.put("applications", appRows);
      if (Boolean.TRUE.equals(request.get("preempt"))) {  // one round of the policy on this state
        Map<ApplicationAttemptId, String> names = new java.util.HashMap<>();
        for (Submitted s : submitted) {
          names.put(s.attempt, s.app.queue + " " + s.app.name);
        }
        answer.put("preemption", LoadPreemption.round(context, cs, names));
      }
      return answer;
    } finally {
      rm.stop();
    }
  }

  // ---------------------------------------------------------------- submission

  /**
   * What {@code RMAppManager} does for a submission (the requested priority checked and capped, the
   * AM request validated and normalised), then the scheduler events it leads to.
   */
  /** {@code CapacitySchedulerQueueManager.createQueue(QueuePath)} (3.4) when the queue is missing. */
  private static void createQueue(CapacityScheduler cs, String path) {
    if (cs.getQueue(path) != null) {
      return;
    }
    try {
      Class<?> queuePath =
          Class.forName("org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueuePath");
      Object manager = cs.getCapacitySchedulerQueueManager();
      Method create = manager.getClass().getMethod("createQueue", queuePath);
      create.invoke(manager, queuePath.getConstructor(String.class).newInstance(path));
    } catch (ReflectiveOperationException e) {
      // 3.3 has no such method, or Hadoop refuses to create it: the submissions say so
    }
  }

  private static Submitted submit(MockRM rm, CapacityScheduler cs, Snapshot.App app, int n)
      throws Exception {
    ApplicationId appId = ApplicationId.newInstance(CLUSTER_TIME, n);
    ApplicationAttemptId attemptId = ApplicationAttemptId.newInstance(appId, 1);
    RMApp rmApp = Mockito.mock(RMApp.class);
    RMAppAttempt rmAttempt = Mockito.mock(RMAppAttempt.class);
    Submitted s = new Submitted(app, attemptId, rmApp, rmAttempt);
    // Hadoop's refusals reach the application as an event: kept as the answer's reason
    Mockito.doAnswer(invocation -> {
      Event<?> event = invocation.getArgument(0);
      if (event instanceof RMAppEvent && ((RMAppEvent) event).getType() == RMAppEventType.APP_REJECTED) {
        s.refusal = ((RMAppEvent) event).getDiagnosticMsg();
      }
      return null;
    }).when(rmApp).handle(Mockito.any());
    Mockito.when(rmApp.getApplicationId()).thenReturn(appId);
    Mockito.when(rmApp.getUser()).thenReturn(app.user);
    Mockito.when(rmApp.getQueue()).thenReturn(app.queue);
    Mockito.when(rmApp.getState()).thenReturn(RMAppState.RUNNING);
    Mockito.when(rmApp.getCurrentAppAttempt()).thenReturn(rmAttempt);
    Mockito.when(rmApp.getRMAppAttempt(attemptId)).thenReturn(null);
    Mockito.when(rmAttempt.getAppAttemptId()).thenReturn(attemptId);
    Mockito.when(rmAttempt.getRMAppAttemptMetrics())
        .thenReturn(new RMAppAttemptMetrics(attemptId, rm.getRMContext()));

    ApplicationSubmissionContext context = Records.newRecord(ApplicationSubmissionContext.class);
    context.setApplicationId(appId);
    context.setQueue(app.queue);
    context.setApplicationName(app.name);
    context.setUnmanagedAM(app.am == null);
    context.setKeepContainersAcrossApplicationAttempts(false);
    Mockito.when(rmApp.getApplicationSubmissionContext()).thenReturn(context);
    Mockito.when(rmAttempt.getSubmissionContext()).thenReturn(context);
    rm.getRMContext().getRMApps().put(appId, rmApp);

    Priority priority;
    try {
      priority = cs.checkAndGetApplicationPriority(
          app.priority == null ? null : Priority.newInstance(app.priority),
          UserGroupInformation.createRemoteUser(app.user), app.queue, appId);
      if (app.am != null) {
        ResourceRequest amRequest = request(app.am, 0, 1);
        Resource max = cs.getMaximumResourceCapability(app.queue);
        RMServerUtils.normalizeAndValidateRequests(Collections.singletonList(amRequest), max,
            app.queue, cs, rm.getRMContext(), false);
        amRequest.setCapability(cs.getNormalizedResource(amRequest.getCapability(), max));
        context.setAMContainerResourceRequests(Collections.singletonList(amRequest));
        Mockito.when(rmApp.getAMResourceRequests()).thenReturn(Collections.singletonList(amRequest));
      }
    } catch (Exception e) {
      s.refusal = e.getClass().getSimpleName() + ": " + e.getMessage();
      return s;
    }
    context.setPriority(priority);
    cs.handle(new AppAddedSchedulerEvent(app.user, context, false, priority, null));
    rm.drainEvents();
    if (s.refusal == null && cs.getSchedulerApplications().containsKey(appId)) {
      cs.handle(new AppAttemptAddedSchedulerEvent(attemptId, false));
    }
    // an attempt's start time is the wall clock's (SchedulerApplicationAttempt): the next one
    // starts a millisecond later, so start times order attempts as their ids do
    long now = System.currentTimeMillis();
    while (System.currentTimeMillis() == now) {
      Thread.yield();
    }
    return s;
  }

  /** The containers an application has running, as its node reports them on registering. */
  private static List<NMContainerStatus> runningContainers(Submitted s) {
    List<NMContainerStatus> out = new ArrayList<>();
    long next = RECOVERED_IDS;
    if (s.app.amRunning) {
      ContainerId amId = ContainerId.newContainerId(s.attempt, next++);
      s.amContainer = amId;
      Container master = Container.newInstance(amId, null, null, s.app.am, Priority.newInstance(0), null);
      Mockito.when(s.rmAttempt.getMasterContainer()).thenReturn(master);
      out.add(status(amId, s.app.am, 0));
    }
    for (Resource r : s.app.running) {
      out.add(status(ContainerId.newContainerId(s.attempt, next++), r, 1));
    }
    return out;
  }

  private static NMContainerStatus status(ContainerId id, Resource r, int priority) {
    return NMContainerStatus.newInstance(id, 0, ContainerState.RUNNING, r, "running before the restart",
        0, Priority.newInstance(priority), CLUSTER_TIME);
  }

  /** The application's first asks: its AM when not running (managed), else its task containers. */
  private static void ask(MockRM rm, CapacityScheduler cs, Submitted s) throws Exception {
    if (s.app.am != null && !s.app.amRunning) {
      allocate(rm, cs, s, request(s.app.am, 0, 1));
      return;
    }
    askTasks(rm, cs, s);
  }

  private static boolean askTasksOnceTheAmRuns(MockRM rm, CapacityScheduler cs, Submitted s)
      throws Exception {
    if (s.tasksAsked || s.refusal != null || s.app.am == null || s.app.amRunning) {
      return false;
    }
    FiCaSchedulerApp attempt = cs.getApplicationAttempt(s.attempt);
    if (attempt == null) {
      return false;
    }
    for (RMContainer c : attempt.getLiveContainers()) {
      if (c.getContainerId().getContainerId() < RECOVERED_IDS) {
        s.amContainer = c.getContainerId();
        Mockito.when(s.rmAttempt.getMasterContainer()).thenReturn(c.getContainer());
        askTasks(rm, cs, s);
        return true;
      }
    }
    return false;
  }

  private static void askTasks(MockRM rm, CapacityScheduler cs, Submitted s) throws Exception {
    s.tasksAsked = true;
    if (s.app.pendingContainers > 0) {
      allocate(rm, cs, s, request(s.app.container, 1, s.app.pendingContainers));
    }
  }

  /** An ask as {@code ApplicationMasterService.allocate} passes it on: validated, then the scheduler's. */
  private static void allocate(MockRM rm, CapacityScheduler cs, Submitted s, ResourceRequest ask)
      throws Exception {
    List<ResourceRequest> asks = new ArrayList<>(Collections.singletonList(ask));
    try {
      RMServerUtils.normalizeAndValidateRequests(asks, cs.getMaximumResourceCapability(s.app.queue),
          s.app.queue, cs, rm.getRMContext(), false);
    } catch (Exception e) {
      s.refusal = e.getClass().getSimpleName() + ": " + e.getMessage();
      return;
    }
    cs.allocate(s.attempt, asks, null, new ArrayList<>(), null, null, new ContainerUpdates());
  }

  private static ResourceRequest request(Resource size, int priority, int count) {
    ResourceRequest r = Records.newRecord(ResourceRequest.class);
    r.setCapability(Resources.clone(size));
    r.setResourceName(ResourceRequest.ANY);
    r.setNumContainers(count);
    r.setPriority(Priority.newInstance(priority));
    r.setRelaxLocality(true);
    r.setNodeLabelExpression(RMNodeLabelsManager.NO_LABEL);
    return r;
  }

  /** A bound on the heartbeats that can allocate: the containers of the minimum size memory allows. */
  private static long containersThatFit(Resource cluster, Resource minimum) {
    return minimum.getMemorySize() > 0 ? cluster.getMemorySize() / minimum.getMemorySize() : 0;
  }

  // ---------------------------------------------------------------- the answer

  private static void describeQueues(CapacityScheduler cs, CSQueue queue, List<Object> out)
      throws Exception {
    Map<String, Object> q = new LinkedHashMap<>();
    q.put("path", queue.getQueuePath());
    List<CSQueue> children = queue.getChildQueues();
    boolean leaf = children == null || children.isEmpty() && !queue.getClass().getSimpleName().contains("Parent");
    q.put("leaf", leaf);
    q.put("used", resource(queue.getQueueResourceUsage().getUsed()));
    q.put("reserved", resource(queue.getQueueResourceUsage().getReserved()));
    q.put("pending", resource(queue.getQueueResourceUsage().getPending()));
    q.put("guaranteed", resource(queue.getQueueResourceQuotas().getEffectiveMinResource()));
    q.put("maximum", resource(queue.getQueueResourceQuotas().getEffectiveMaxResource()));
    q.put("used_capacity", (double) queue.getQueueCapacities().getUsedCapacity());
    if (leaf) {
      q.put("am_used", resource(queue.getQueueResourceUsage().getAMUsed()));
      q.put("am_limit", resource(queue.getQueueResourceUsage().getAMLimit()));
      q.put("max_applications", call(queue, "getMaxApplications"));
      q.put("max_applications_per_user", call(queue, "getMaxApplicationsPerUser"));
      q.put("active_applications", call(queue, "getNumActiveApplications"));
      q.put("pending_applications", call(queue, "getNumPendingApplications"));
      UsersManager users = (UsersManager) call(queue, "getUsersManager");
      List<Object> userRows = new ArrayList<>();
      for (UserInfo info : users.getUsersInfo()) {
        String name = info.getUsername();
        UsersManager.User user = users.getUser(name);
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("user", name);
        u.put("used", resource(user.getUsed()));
        u.put("am_used", resource(user.getConsumedAMResources()));
        u.put("active", info.getIsActive());
        u.put("active_applications", user.getActiveApplications());
        u.put("pending_applications", user.getPendingApplications());
        u.put("weight", (double) user.getWeight());
        Method limit = queue.getClass().getMethod("getResourceLimitForActiveUsers", String.class,
            Resource.class, String.class, SchedulingMode.class);
        u.put("user_limit", resource((Resource) limit.invoke(queue, name, cs.getClusterResource(),
            RMNodeLabelsManager.NO_LABEL, SchedulingMode.RESPECT_PARTITION_EXCLUSIVITY)));
        userRows.add(u);
      }
      userRows.sort((a, b) -> ((String) ((Map<?, ?>) a).get("user"))
          .compareTo((String) ((Map<?, ?>) b).get("user")));
      q.put("users", userRows);
    }
    out.add(q);
    if (children != null) {
      for (CSQueue child : children) {
        describeQueues(cs, child, out);
      }
    }
  }

  private static Map<String, Object> describeApp(CapacityScheduler cs, Submitted s) {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("name", s.app.name);
    a.put("queue", s.app.queue);
    a.put("user", s.app.user);
    a.put("id", s.attempt.getApplicationId().toString());
    SchedulerApplication<FiCaSchedulerApp> app = cs.getSchedulerApplications().get(s.attempt.getApplicationId());
    FiCaSchedulerApp attempt = app == null ? null : app.getCurrentAppAttempt();
    if (attempt == null) {
      a.put("state", "refused");
      a.put("refusal", s.refusal);
      return a;
    }
    a.put("queue", ((CSQueue) attempt.getQueue()).getQueuePath());
    String state;
    if (!attempt.isRunnable()) {
      state = "not-runnable";
    } else if (isActive(attempt)) {
      state = "active";
    } else {
      state = "pending";
    }
    a.put("state", state);
    a.put("refusal", s.refusal);
    a.put("priority", attempt.getPriority() == null ? null : attempt.getPriority().getPriority());
    a.put("allocated", resource(attempt.getCurrentConsumption()));
    a.put("reserved", resource(attempt.getCurrentReservation()));
    a.put("pending", resource(attempt.getAppAttemptResourceUsage().getPending()));
    a.put("am_resource", resource(attempt.getAMResource()));
    a.put("containers", attempt.getLiveContainers().size());
    a.put("am_running", s.amContainer != null);
    return a;
  }

  @SuppressWarnings("unchecked")
  private static boolean isActive(FiCaSchedulerApp attempt) {
    try {
      Collection<FiCaSchedulerApp> active =
          (Collection<FiCaSchedulerApp>) call(attempt.getQueue(), "getApplications");
      return active.contains(attempt);
    } catch (Exception e) {
      return false;
    }
  }

  /** A public method of a leaf queue (LeafQueue in 3.3, AbstractLeafQueue in 3.4). */
  private static Object call(Object target, String name) throws Exception {
    return target.getClass().getMethod(name).invoke(target);
  }

  static Map<String, Object> resource(Resource r) {
    if (r == null) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    for (ResourceInformation info : r.getResources()) {
      m.put(info.getName(), info.getValue());
    }
    return m;
  }

  private static Map<String, Object> failure(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", false);
    answer.put("error", error(t.getClass().getName(), t.getMessage()));
    return answer;
  }

  private static Map<String, Object> error(String cls, String message) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("class", cls);
    m.put("message", message);
    return m;
  }
}
