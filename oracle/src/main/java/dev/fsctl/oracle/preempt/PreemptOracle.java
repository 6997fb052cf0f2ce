package dev.fsctl.oracle.preempt;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyBoolean;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.doReturn;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.fsctl.oracle.Compat;
import dev.fsctl.oracle.Oracle;
import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.Priority;
import org.apache.hadoop.yarn.api.records.Resource;
import org.apache.hadoop.yarn.api.records.ResourceInformation;
import org.apache.hadoop.yarn.event.AbstractEvent;
import org.apache.hadoop.yarn.server.resourcemanager.MockNodes;
import org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.ProportionalCapacityPreemptionPolicy;
import org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.TempQueuePerPartition;
import org.apache.hadoop.yarn.server.resourcemanager.monitor.capacity.mockframework.ProportionalCapacityPreemptionPolicyMockFramework;
import org.apache.hadoop.yarn.server.resourcemanager.rmcontainer.RMContainer;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ResourceUsage;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.AbstractCSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueueUtils;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.LeafQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.QueueCapacities;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.SchedulingMode;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.UsersManager;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.UsersManager.User;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.common.fica.FiCaSchedulerApp;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.ContainerPreemptEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.policy.OrderingPolicy;
import org.apache.hadoop.yarn.util.resource.ResourceCalculator;
import org.apache.hadoop.yarn.util.resource.ResourceUtils;
import org.apache.hadoop.yarn.util.resource.Resources;
import org.mockito.Mockito;
import org.mockito.invocation.Invocation;

/**
 * {@code cs-preempt}: one round of Hadoop's {@code ProportionalCapacityPreemptionPolicy} on a load.
 *
 * <p>The queues' capacities come from a real {@code CapacityScheduler} booted on the request's
 * capacity-scheduler.xml (and yarn-site.xml) with one node of the cluster's size, as the
 * ResourceManager loads them: effective guaranteed and maximum resources, absolute capacities,
 * {@code disable_preemption} and its intra-queue flag (monitor switch and inheritance applied),
 * priorities, queue ordering policies, AM percentages, the minimum allocation, and the used
 * capacity {@code CSQueueUtils.updateUsedCapacity} derives from the load. The load is built with
 * Hadoop's own test framework for the policy ({@code ProportionalCapacityPreemptionPolicyMockFramework}):
 * per leaf its applications in submission order with user, priority, running and reserved
 * containers and pending demand. The policy reads its settings from the real scheduler's
 * configuration. Where the framework's mocks simplify (one user usage per last container group,
 * the first container always the AM), the values are set from the request; a leaf's pending demand
 * goes through the real {@code getTotalPendingResourcesConsideringUserLimit}, with the given user
 * limits ({@code Resources.unbounded()} when none are given).
 *
 * <p>The answer: every queue's {@code TempQueuePerPartition} (ideal assignment, to be preempted,
 * to obtain, extras), the leaf queue order, the under-served queues, each selector's candidates,
 * the events sent, and the iteration orders Hadoop took from object identity (the hash sets of
 * each level's queues, and of the candidates earlier selectors deducted).
 */
public final class PreemptOracle {
  private PreemptOracle() {
  }

  public static Map<String, Object> answer(Map<String, Object> request, Configuration base) throws Exception {
    CapacityScheduler real;
    try {
      real = Oracle.capacityScheduler(base, (String) request.get("file"));
    } catch (Exception e) {
      return failure(rootCause(e));
    }
    try {
      Resource cluster = FairSchedulerConfiguration.parseResourceConfigValue(
          (String) request.get("cluster")).getResource();
      if (request.get("state") != null) {  // the command line's --state FILE: the leaves as JSON
        request.put("leaves", new ObjectMapper().readValue(new File((String) request.get("state")), Map.class));
      }
      real.handle(new NodeAddedSchedulerEvent(MockNodes.newNodeInfo(1, cluster, 1, "127.0.0.1")));
      return new Round(real, cluster, request, base).run();
    } catch (Exception e) {  // Hadoop's exception (the policy's own, say) is an answer
      Map<String, Object> answer = failure(rootCause(e));
      answer.put("stage", "policy");
      return answer;
    } finally {
      real.serviceStop();
    }
  }

  /** The round: the real scheduler's queues, the framework's mocks of them, the policy. */
  private static final class Round {
    private final CapacityScheduler real;
    private final Resource cluster;
    private final Map<String, Object> request;
    private final Configuration base;
    private final ResourceCalculator rc;
    private final Map<String, Map<String, Object>> leaves = new LinkedHashMap<>();
    private final List<CSQueue> queues = new ArrayList<>();
    private final Map<String, Resource> used = new HashMap<>();
    private final Map<String, Resource> reserved = new HashMap<>();
    private final Map<String, Resource> pending = new HashMap<>();
    private final Map<String, Integer> firstAppId = new HashMap<>();
    /** real queue path -> the unique short name the framework's spec gives it */
    private final Map<String, String> synthetic = new HashMap<>();
    private ProportionalCapacityPreemptionPolicyMockFramework fw;

    Round(CapacityScheduler real, Resource cluster, Map<String, Object> request, Configuration base) {
      this.real = real;
      this.cluster = cluster;
      this.request = request;
      this.base = base;
      this.rc = real.getResourceCalculator();
      Map<String, Object> given = asMap(request.get("leaves"));
      for (Map.Entry<String, Object> e : given.entrySet()) {
        leaves.put(e.getKey(), asMap(e.getValue()));
      }
    }

    Map<String, Object> run() throws Exception {
      walk(real.getRootQueue());
      for (int i = 1; i < queues.size(); i++) {  // the framework finds queues by short name: unique ones
        synthetic.put(queues.get(i).getQueuePath(), "q" + i);
      }
      synthetic.put("root", "root");
      for (String leaf : leaves.keySet()) {
        CSQueue q = real.getQueue(leaf);
        if (q == null || !q.getQueuePath().equals(leaf) || !Compat.isLeaf(q)) {
          return failure("IllegalArgumentException", leaf + " is not a leaf queue of the scheduler");
        }
      }
      sumUsage();
      Map<String, Object> capacities = updateUsedCapacities();
      buildFramework();
      ProportionalCapacityPreemptionPolicy policy =
          new ProportionalCapacityPreemptionPolicy(fw.rmContext, fw.cs, fw.mClock);
      policy.editSchedule();
      Map<String, Object> answer = new LinkedHashMap<>();
      answer.put("ok", true);
      answer.put("error", null);
      answer.put("cluster", resource(cluster));
      answer.put("capacities", capacities);
      describe(policy, answer);
      return answer;
    }

    private void walk(CSQueue queue) {
      queues.add(queue);
      if (queue.getChildQueues() != null) {
        for (CSQueue child : queue.getChildQueues()) {
          walk(child);
        }
      }
    }

    /** Leaf usage from the containers, parents as the sum of their children. */
    private void sumUsage() {
      for (int i = queues.size() - 1; i >= 0; i--) {
        CSQueue q = queues.get(i);
        Resource u = Resources.createResource(0, 0);
        Resource r = Resources.createResource(0, 0);
        Resource p = Resources.createResource(0, 0);
        if (Compat.isLeaf(q)) {
          for (Map<String, Object> app : apps(q.getQueuePath())) {
            for (Map<String, Object> c : containers(app)) {
              Resources.addTo(u, resourceOf(asMap(c.get("resource"))));
              if (Boolean.TRUE.equals(c.get("reserved"))) {
                Resources.addTo(r, resourceOf(asMap(c.get("resource"))));
              }
            }
            Resources.addTo(p, resourceOf(asMap(app.get("pending"))));
          }
        } else {
          for (CSQueue child : q.getChildQueues()) {
            Resources.addTo(u, used.get(child.getQueuePath()));
            Resources.addTo(r, reserved.get(child.getQueuePath()));
            Resources.addTo(p, pending.get(child.getQueuePath()));
          }
        }
        used.put(q.getQueuePath(), u);
        reserved.put(q.getQueuePath(), r);
        pending.put(q.getQueuePath(), p);
      }
    }

    /** The used capacity of each queue, as the scheduler keeps it (CSQueueUtils.updateUsedCapacity). */
    private Map<String, Object> updateUsedCapacities() {
      Map<String, Object> out = new LinkedHashMap<>();
      for (CSQueue q : queues) {
        q.getQueueResourceUsage().setUsed("", used.get(q.getQueuePath()));
        q.getQueueResourceUsage().setReserved("", reserved.get(q.getQueuePath()));
        CSQueueUtils.updateUsedCapacity(rc, cluster, "", (AbstractCSQueue) q);
        Map<String, Object> row = new LinkedHashMap<>();
        QueueCapacities caps = q.getQueueCapacities();
        row.put("absolute_capacity", caps.getAbsoluteCapacity(""));
        row.put("absolute_maximum_capacity", caps.getAbsoluteMaximumCapacity(""));
        row.put("used_capacity", caps.getUsedCapacity(""));
        row.put("preemption_disabled", q.getPreemptionDisabled());
        row.put("intra_queue_preemption_disabled", q.getIntraQueuePreemptionDisabled());
        row.put("priority", q.getPriority().getPriority());
        if (!Compat.isLeaf(q)) {
          row.put("ordering_policy", orderingPolicyName(q));
          List<String> children = new ArrayList<>();
          for (CSQueue child : q.getChildQueues()) {
            children.add(child.getQueuePath());
          }
          row.put("children", children);
        }
        out.put(q.getQueuePath(), row);
      }
      return out;
    }

    // ------------------------------------------------------------ the framework

    private void buildFramework() throws Exception {
      fw = new ProportionalCapacityPreemptionPolicyMockFramework();
      org.apache.log4j.Level level = org.apache.log4j.Logger.getRootLogger().getLevel();
      fw.setup();  // resets the resource types to memory and vcores, and logs at DEBUG
      org.apache.log4j.Logger.getRootLogger().setLevel(level);
      ResourceUtils.resetResourceTypes(base);
      dev.fsctl.oracle.Oracle.refreshFixedResources();
      StringBuilder spec = new StringBuilder();
      for (CSQueue q : frameworkOrder(real.getRootQueue(), new ArrayList<>())) {
        if (spec.length() > 0) {
          spec.append(';');
        }
        String path = q.getQueuePath();
        for (int i = 0; i < depth(path); i++) {
          spec.append('-');
        }
        spec.append(synthetic.get(path)).append("(=[")
            .append(spec(q.getQueueResourceQuotas().getEffectiveMinResource(""))).append(' ')
            .append(spec(q.getQueueResourceQuotas().getEffectiveMaxResource(""))).append(' ')
            .append(spec(used.get(path))).append(' ')
            .append(spec(pending.get(path))).append(' ')
            .append(spec(reserved.get(path))).append("])");
      }
      StringBuilder appSpec = new StringBuilder();
      int id = 1;
      for (Map.Entry<String, Map<String, Object>> leaf : leaves.entrySet()) {
        firstAppId.put(leaf.getKey(), id);
        String name = synthetic.get(leaf.getKey());
        for (Map<String, Object> app : apps(leaf.getKey())) {
          if (appSpec.length() > 0) {
            appSpec.append(';');
          }
          appSpec.append(name).append('\t').append(containerGroups(app));
          id++;
        }
      }
      if (appSpec.length() == 0) {  // the framework parses at least one application: one with nothing, unlisted below
        appSpec.append(synthetic.get(queues.get(queues.size() - 1).getQueuePath()))
            .append("\t(0,1:1,n1,,0,false,0:0,nobody)");
      }
      String labels = "=" + spec(cluster) + ",true";
      String nodes = "n1= res=" + spec(cluster);
      fw.buildEnv(labels, nodes, spec.toString(), appSpec.toString(), false);
      renameMocks();
      for (CSQueue q : queues) {  // the real order of children back (frameworkOrder moved leaves last)
        if (!Compat.isLeaf(q)) {
          List<CSQueue> kids = fw.cs.getQueue(q.getQueuePath()).getChildQueues();
          List<String> order = new ArrayList<>();
          for (CSQueue child : q.getChildQueues()) {
            order.add(child.getQueuePath());
          }
          kids.sort(Comparator.comparingInt(k -> order.indexOf(k.getQueuePath())));
        }
      }
      when(fw.cs.getResourceCalculator()).thenReturn(rc);
      when(fw.cs.getConfiguration()).thenReturn(real.getConfiguration());
      for (CSQueue q : queues) {
        fixQueue(q, fw.cs.getQueue(q.getQueuePath()));
      }
    }

    /** The real paths and names on the framework's mocks (built under unique short names). */
    private void renameMocks() {
      Map<String, CSQueue> mocks = new LinkedHashMap<>();
      for (CSQueue q : queues) {
        mocks.put(q.getQueuePath(), fw.cs.getQueue(synthetic.get(q.getQueuePath())));
      }
      for (CSQueue q : queues) {
        CSQueue mocked = mocks.get(q.getQueuePath());
        String fake = synthetic.get(q.getQueuePath());
        when(mocked.getQueuePath()).thenReturn(q.getQueuePath());
        when(mocked.getQueueName()).thenReturn(q.getQueueName());
        when(fw.cs.getQueue(eq(q.getQueuePath()))).thenReturn(mocked);
        when(fw.cs.getQueue(eq(fake))).thenReturn(mocked);
        when(fw.cs.normalizeQueueName(eq(q.getQueuePath()))).thenReturn(q.getQueuePath());
        when(fw.cs.normalizeQueueName(eq(fake))).thenReturn(q.getQueuePath());
      }
    }

    /**
     * Pre-order with each parent's parent children before its leaves: MockQueueHierarchy.isParent
     * takes a leaf for a parent when a later sibling has children.
     */
    private List<CSQueue> frameworkOrder(CSQueue queue, List<CSQueue> out) {
      out.add(queue);
      if (!Compat.isLeaf(queue)) {
        for (boolean parents : new boolean[] {true, false}) {
          for (CSQueue child : queue.getChildQueues()) {
            if (Compat.isLeaf(child) != parents) {
              frameworkOrder(child, out);
            }
          }
        }
      }
      return out;
    }

    /** The framework's container groups: runs of containers of one size and kind. */
    private String containerGroups(Map<String, Object> app) {
      List<Map<String, Object>> cs = containers(app);
      String tail = "," + spec(resourceOf(asMap(app.get("pending")))) + "," + app.get("user") + ")";
      String head = "(" + number(app.get("priority")) + ",";
      StringBuilder out = new StringBuilder();
      int i = 0;
      while (i < cs.size()) {
        int j = i;
        while (j < cs.size() && cs.get(j).get("resource").equals(cs.get(i).get("resource"))
            && cs.get(j).get("reserved").equals(cs.get(i).get("reserved"))) {
          j++;
        }
        out.append(head).append(spec(resourceOf(asMap(cs.get(i).get("resource"))))).append(",n1,,")
            .append(j - i).append(',').append(cs.get(i).get("reserved")).append(tail);
        i = j;
      }
      if (out.length() == 0) {
        out.append(head).append("1:1,n1,,0,false").append(tail);
      }
      return out.toString();
    }

    /** The real scheduler's values on the framework's mock of a queue. */
    private void fixQueue(CSQueue real, CSQueue mocked) throws Exception {
      QueueCapacities caps = mocked.getQueueCapacities();
      caps.setAbsoluteCapacity("", real.getQueueCapacities().getAbsoluteCapacity(""));
      caps.setAbsoluteMaximumCapacity("", real.getQueueCapacities().getAbsoluteMaximumCapacity(""));
      caps.setUsedCapacity("", real.getQueueCapacities().getUsedCapacity(""));
      when(mocked.getPreemptionDisabled()).thenReturn(real.getPreemptionDisabled());
      when(mocked.getIntraQueuePreemptionDisabled()).thenReturn(real.getIntraQueuePreemptionDisabled());
      when(mocked.getPriority()).thenReturn(Priority.newInstance(real.getPriority().getPriority()));
      if (!Compat.isLeaf(real)) {
        Object policy = mocked.getClass().getMethod("getQueueOrderingPolicy").invoke(mocked);
        String name = orderingPolicyName(real);
        when(((org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.policy.QueueOrderingPolicy)
            policy).getConfigName()).thenReturn(name);
        return;
      }
      fixLeaf(real, (LeafQueue) mocked);
    }

    private void fixLeaf(CSQueue real, LeafQueue leaf) throws Exception {
      String path = real.getQueuePath();
      Map<String, Object> load = leaves.get(path);
      when(leaf.getMaxAMResourcePerQueuePercent())
          .thenReturn((Float) call(real, "getMaxAMResourcePerQueuePercent"));
      Resource minimum = (Resource) call(real, "getMinimumAllocation");
      when(leaf.getMinimumAllocation()).thenReturn(minimum);
      Comparator<FiCaSchedulerApp> fifo = (a, b) -> {
        if (!a.getPriority().equals(b.getPriority())) {
          return a.getPriority().compareTo(b.getPriority());
        }
        return a.getApplicationId().compareTo(b.getApplicationId());
      };
      TreeSet<FiCaSchedulerApp> activated = new TreeSet<>(fifo);
      TreeSet<FiCaSchedulerApp> all = new TreeSet<>(fifo);
      Map<String, ResourceUsage> users = new LinkedHashMap<>();
      List<Map<String, Object>> apps = apps(path);
      Integer first = firstAppId.get(path);
      for (int i = 0; i < apps.size(); i++) {
        Map<String, Object> app = apps.get(i);
        FiCaSchedulerApp mocked = fw.getApp(path, first + i);
        fixApp(mocked, app);
        all.add(mocked);
        if (!Boolean.FALSE.equals(app.get("activated"))) {
          activated.add(mocked);
        }
        ResourceUsage usage = users.computeIfAbsent((String) app.get("user"), u -> new ResourceUsage());
        usage.incUsed("", mocked.getAppAttemptResourceUsage().getUsed(""));
        usage.incAMUsed("", mocked.getAMResource(""));
      }
      when(leaf.getApplications()).thenReturn(activated);
      when(leaf.getAllApplications()).thenReturn(all);
      @SuppressWarnings("unchecked")
      OrderingPolicy<FiCaSchedulerApp> ordering = leaf.getOrderingPolicy();
      when(ordering.getPreemptionIterator()).thenAnswer(i -> activated.descendingIterator());
      when(leaf.getAllUsers()).thenReturn(new HashSet<>(users.keySet()));
      UsersManager manager = mock(UsersManager.class);
      when(leaf.getUsersManager()).thenReturn(manager);
      Map<String, Object> limits = load == null ? null : asMapOrNull(load.get("user_limits"));
      Map<String, Object> active = load == null ? null : asMapOrNull(load.get("active_user_limits"));
      for (Map.Entry<String, ResourceUsage> e : users.entrySet()) {
        User user = new User(e.getKey());
        user.setResourceUsage(e.getValue());
        when(leaf.getUser(eq(e.getKey()))).thenReturn(user);
        when(manager.getUserAndAddIfAbsent(eq(e.getKey()))).thenReturn(user);
        stubIfPresent(leaf, "getOrCreateUser", e.getKey(), user);
        when(leaf.getResourceLimitForAllUsers(eq(e.getKey()), any(Resource.class), anyString(),
            any(SchedulingMode.class))).thenReturn(limit(limits, e.getKey()));
        when(leaf.getResourceLimitForActiveUsers(eq(e.getKey()), any(Resource.class), anyString(),
            any(SchedulingMode.class))).thenReturn(limit(active, e.getKey()));
      }
      // the real getTotalPendingResourcesConsideringUserLimit, on the mock's own fields
      Field lock = AbstractCSQueue.class.getDeclaredField("readLock");
      lock.setAccessible(true);
      lock.set(leaf, new java.util.concurrent.locks.ReentrantReadWriteLock().readLock());
      when(leaf.getTotalPendingResourcesConsideringUserLimit(any(Resource.class), anyString(), anyBoolean()))
          .thenCallRealMethod();
    }

    private void fixApp(FiCaSchedulerApp app, Map<String, Object> given) {
      ResourceUsage usage = new ResourceUsage();
      Resource appUsed = Resources.createResource(0, 0);
      Resource appReserved = Resources.createResource(0, 0);
      List<RMContainer> live = app.getLiveContainers() == null
          ? new ArrayList<>() : new ArrayList<>(app.getLiveContainers());
      List<RMContainer> reservedContainers = new ArrayList<>(app.getReservedContainers());
      List<RMContainer> inOrder = new ArrayList<>();
      inOrder.addAll(live);
      inOrder.addAll(reservedContainers);
      inOrder.sort(Comparator.comparingLong(c -> c.getContainerId().getContainerId()));
      List<Map<String, Object>> cs = containers(given);
      boolean amRunning = false;
      for (int i = 0; i < cs.size(); i++) {
        RMContainer c = inOrder.get(i);
        Resource r = resourceOf(asMap(cs.get(i).get("resource")));
        boolean am = Boolean.TRUE.equals(cs.get(i).get("am"));
        boolean isReserved = Boolean.TRUE.equals(cs.get(i).get("reserved"));
        amRunning |= am && !isReserved;
        when(c.isAMContainer()).thenReturn(am);
        Resources.addTo(appUsed, r);
        if (isReserved) {
          Resources.addTo(appReserved, r);
        }
      }
      Resource appPending = resourceOf(asMap(given.get("pending")));
      usage.setUsed("", appUsed);
      usage.setReserved("", appReserved);
      usage.setPending("", appPending);
      when(app.getAppAttemptResourceUsage()).thenReturn(usage);
      when(app.getSchedulingResourceUsage()).thenReturn(usage);
      when(app.getCurrentConsumption()).thenReturn(appUsed);
      Map<String, Resource> pendingByPartition = new HashMap<>();
      pendingByPartition.put("", appPending);
      when(app.getTotalPendingRequestsPerPartition()).thenReturn(pendingByPartition);
      Map<String, Object> am = asMapOrNull(given.get("am"));
      Resource amSize = am == null ? Resources.createResource(0, 0) : resourceOf(am);
      when(app.getAMResource(anyString())).thenReturn(amSize);
      when(app.isWaitingForAMContainer()).thenReturn(!amRunning);
    }

    // ------------------------------------------------------------ the answer

    @SuppressWarnings("unchecked")
    private void describe(ProportionalCapacityPreemptionPolicy policy, Map<String, Object> answer)
        throws Exception {
      Map<String, Map<String, TempQueuePerPartition>> temps =
          (Map<String, Map<String, TempQueuePerPartition>>) invoke(policy, "getQueuePartitions");
      Map<String, Object> out = new LinkedHashMap<>();
      Map<String, Object> setOrders = new LinkedHashMap<>();
      for (CSQueue q : queues) {
        TempQueuePerPartition tq = temps.get(q.getQueuePath()).get("");
        out.put(q.getQueuePath(), temp(tq));
        if (!tq.getChildren().isEmpty()) {
          setOrders.put(q.getQueuePath(), setOrder(tq));
        }
      }
      answer.put("queues", out);
      answer.put("set_orders", setOrders);
      answer.put("leaf_order", new ArrayList<>(policy.getLeafQueueNames()));
      LinkedHashSet<String> underserved = policy.getUnderServedQueuesPerPartition("");
      answer.put("underserved", underserved == null ? new ArrayList<>() : new ArrayList<>(underserved));
      List<Object> selectors = (List<Object>) field(policy, "candidatesSelectionPolicies");
      Map<Object, Map<ApplicationAttemptId, Set<RMContainer>>> perSelector =
          (Map<Object, Map<ApplicationAttemptId, Set<RMContainer>>>) invoke(policy,
              "getToPreemptCandidatesPerSelector");
      List<Object> described = new ArrayList<>();
      for (Object selector : selectors) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("selector", selectorName(selector));
        Map<ApplicationAttemptId, Set<RMContainer>> chosen = perSelector == null ? null : perSelector.get(selector);
        s.put("candidates", chosen == null ? null : sortedCandidates(chosen));  // observe_only: none kept
        described.add(s);
      }
      answer.put("selectors", described);
      // every selector after the first deducts what the earlier ones chose, one container at a
      // time in the order of a HashMap of HashSets: the order it really took, pass after pass
      answer.put("deduct_visits", deductVisits());
      List<Object> events = new ArrayList<>();
      for (Invocation invocation : Mockito.mockingDetails(fw.eventHandler).getInvocations()) {
        Object argument = invocation.getArguments().length == 1 ? invocation.getArguments()[0] : null;
        if (argument instanceof ContainerPreemptEvent) {
          ContainerPreemptEvent event = (ContainerPreemptEvent) argument;
          Map<String, Object> e = new LinkedHashMap<>();
          e.put("type", ((AbstractEvent<?>) event).getType().toString());
          e.put("app", event.getAppId().getApplicationId().getId());
          e.put("container", event.getContainer().getContainerId().getContainerId());
          events.add(e);
        }
      }
      answer.put("events", events);
      List<Object> toPreempt = new ArrayList<>();
      for (RMContainer c : policy.getToPreemptContainers().keySet()) {
        toPreempt.add(containerRef(c));
      }
      toPreempt.sort(PreemptOracle::compareRefs);
      answer.put("to_preempt", toPreempt);
    }

    /**
     * Containers in the order {@code deductPreemptableResourcesBasedSelectedCandidates} visited
     * them: it alone asks a container for its reserved resource.
     */
    private List<List<Object>> deductVisits() {
      List<Invocation> calls = new ArrayList<>();
      for (String leaf : leaves.keySet()) {
        for (Object app : ((LeafQueue) fw.cs.getQueue(leaf)).getAllApplications()) {
          FiCaSchedulerApp a = (FiCaSchedulerApp) app;
          List<RMContainer> all = new ArrayList<>(a.getLiveContainers());
          all.addAll(a.getReservedContainers());
          for (RMContainer c : all) {
            for (Invocation i : Mockito.mockingDetails(c).getInvocations()) {
              if (i.getMethod().getName().equals("getReservedResource")) {
                calls.add(i);
              }
            }
          }
        }
      }
      calls.sort(Comparator.comparingInt(Invocation::getSequenceNumber));
      List<List<Object>> out = new ArrayList<>();
      for (Invocation i : calls) {
        out.add(containerRef((RMContainer) i.getMock()));
      }
      return out;
    }

    private Map<String, Object> temp(TempQueuePerPartition tq) throws Exception {
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("guaranteed", resource(tq.getGuaranteed()));
      t.put("maximum", resource(tq.getMax()));
      t.put("used", resource(tq.getUsed()));
      t.put("pending", resource(tq.getPending()));
      t.put("ideal_assigned", resource(tq.getIdealAssigned()));
      t.put("to_be_preempted", resource((Resource) field(tq, "toBePreempted")));
      t.put("to_obtain", resource(tq.getActuallyToBePreempted()));
      t.put("untouchable_extra", resource((Resource) field(tq, "untouchableExtra")));
      t.put("preemptable_extra", resource((Resource) field(tq, "preemptableExtra")));
      t.put("preemption_disabled", field(tq, "preemptionDisabled"));
      t.put("relative_priority", field(tq, "relativePriority"));
      List<Object> apps = new ArrayList<>();
      for (Object app : tq.getApps()) {
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("app", ((org.apache.hadoop.yarn.api.records.ApplicationId) call(app, "getApplicationId")).getId());
        a.put("ideal_assigned", resource((Resource) field(app, "idealAssigned")));
        a.put("to_be_preempted", resource((Resource) field(app, "toBePreempted")));
        a.put("to_obtain", resource((Resource) call(app, "getActuallyToBePreempted")));
        a.put("to_be_preempt_from_other", resource((Resource) call(app, "getToBePreemptFromOther")));
        apps.add(a);
      }
      t.put("apps", apps);
      Map<String, Object> users = new LinkedHashMap<>();
      for (Map.Entry<String, ?> e : tq.getUsersPerPartition().entrySet()) {
        Map<String, Object> u = new LinkedHashMap<>();
        u.put("user_limit", resource((Resource) call(e.getValue(), "getUserLimit")));
        u.put("ideal_assigned", resource((Resource) field(e.getValue(), "idealAssigned")));
        users.put(e.getKey(), u);
      }
      t.put("users", users);
      return t;
    }

    /** The HashSets computeIdealResourceDistribution iterates, rebuilt from the same objects. */
    private Map<String, Object> setOrder(TempQueuePerPartition parent) {
      Resource total = parent.getIdealAssigned();
      Set<TempQueuePerPartition> nonZero = new HashSet<>();
      Set<TempQueuePerPartition> zero = new HashSet<>();
      for (TempQueuePerPartition q : parent.getChildren()) {
        if (Resources.greaterThan(rc, total, q.getGuaranteed(), Resources.none())) {
          nonZero.add(q);
        } else {
          zero.add(q);
        }
      }
      Map<String, Object> orders = new LinkedHashMap<>();
      orders.put("nonzero", names(new HashSet<>(nonZero)));
      orders.put("zero", names(zero));
      return orders;
    }

    private Resource limit(Map<String, Object> limits, String user) {
      if (limits == null || limits.get(user) == null) {
        return Resources.unbounded();
      }
      return resourceOf(asMap(limits.get(user)));
    }

    private List<Map<String, Object>> apps(String leaf) {
      Map<String, Object> load = leaves.get(leaf);
      List<Map<String, Object>> out = new ArrayList<>();
      if (load != null && load.get("apps") != null) {
        for (Object app : (List<?>) load.get("apps")) {
          out.add(asMap(app));
        }
      }
      return out;
    }
  }

  // ---------------------------------------------------------------- helpers

  static int depth(String path) {
    int n = 0;
    for (char ch : path.toCharArray()) {
      if (ch == '.') {
        n++;
      }
    }
    return n;
  }

  static String orderingPolicyName(CSQueue parent) {
    try {
      Object policy = parent.getClass().getMethod("getQueueOrderingPolicy").invoke(parent);
      return (String) policy.getClass().getMethod("getConfigName").invoke(policy);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  static String selectorName(Object selector) throws Exception {
    String name = selector.getClass().getSimpleName();
    if (name.equals("FifoCandidatesSelector")
        && Boolean.TRUE.equals(call(selector, "getAllowQueuesBalanceAfterAllQueuesSatisfied"))) {
      return name + " (balance)";
    }
    return name;
  }

  static List<Object> candidates(Map<ApplicationAttemptId, Set<RMContainer>> chosen) {
    List<Object> out = new ArrayList<>();
    for (Map.Entry<ApplicationAttemptId, Set<RMContainer>> e : chosen.entrySet()) {
      for (RMContainer c : e.getValue()) {
        out.add(containerRef(c));
      }
    }
    return out;
  }

  static List<Object> sortedCandidates(Map<ApplicationAttemptId, Set<RMContainer>> chosen) {
    List<Object> out = candidates(chosen);
    out.sort(PreemptOracle::compareRefs);
    return out;
  }

  static List<Object> containerRef(RMContainer c) {
    List<Object> ref = new ArrayList<>();
    ref.add(c.getApplicationAttemptId().getApplicationId().getId());
    ref.add(c.getContainerId().getContainerId());
    return ref;
  }

  @SuppressWarnings("unchecked")
  static int compareRefs(Object a, Object b) {
    List<Object> x = (List<Object>) a;
    List<Object> y = (List<Object>) b;
    int c = Long.compare(((Number) x.get(0)).longValue(), ((Number) y.get(0)).longValue());
    return c != 0 ? c : Long.compare(((Number) x.get(1)).longValue(), ((Number) y.get(1)).longValue());
  }

  static List<String> names(Collection<TempQueuePerPartition> queues) {
    List<String> out = new ArrayList<>();
    for (TempQueuePerPartition q : queues) {
      out.add(q.getQueueName());
    }
    return out;
  }

  /** "memory:vcores[:other types in ResourceUtils order]", the framework's resource syntax. */
  static String spec(Resource r) {
    StringBuilder out = new StringBuilder();
    ResourceInformation[] infos = r.getResources();
    for (int i = 0; i < infos.length; i++) {
      if (i > 0) {
        out.append(':');
      }
      out.append(infos[i].getValue());
    }
    return out.toString();
  }

  static Resource resourceOf(Map<String, Object> amounts) {
    Resource r = Resources.createResource(0, 0);
    for (Map.Entry<String, Object> e : amounts.entrySet()) {
      r.setResourceValue(e.getKey(), ((Number) e.getValue()).longValue());
    }
    return r;
  }

  static Map<String, Object> resource(Resource r) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (ResourceInformation info : r.getResources()) {
      m.put(info.getName(), info.getValue());
    }
    return m;
  }

  static int number(Object value) {
    return value == null ? 0 : ((Number) value).intValue();
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> asMap(Object value) {
    return value == null ? new LinkedHashMap<>() : (Map<String, Object>) value;
  }

  static Map<String, Object> asMapOrNull(Object value) {
    return value == null ? null : asMap(value);
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> containers(Map<String, Object> app) {
    List<Map<String, Object>> out = new ArrayList<>();
    Object given = app.get("containers");
    if (given != null) {
      for (Object c : (List<Object>) given) {
        Map<String, Object> m = new LinkedHashMap<>(asMap(c));
        m.putIfAbsent("reserved", false);
        m.putIfAbsent("am", false);
        out.add(m);
      }
    }
    return out;
  }

  /** Stub a method only one Hadoop line has (getOrCreateUser is 3.4's). */
  static void stubIfPresent(Object mock, String method, String argument, Object value) throws Exception {
    Method m;
    try {
      m = mock.getClass().getMethod(method, String.class);
    } catch (NoSuchMethodException e) {
      return;
    }
    m.invoke(doReturn(value).when(mock), argument);
  }

  static Object call(Object target, String method) throws Exception {
    Method m = findMethod(target.getClass(), method);
    m.setAccessible(true);
    return m.invoke(target);
  }

  static Object invoke(Object target, String method) throws Exception {
    return call(target, method);
  }

  private static Method findMethod(Class<?> type, String name) throws NoSuchMethodException {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(name) && m.getParameterCount() == 0) {
          return m;
        }
      }
    }
    throw new NoSuchMethodException(type.getName() + "." + name);
  }

  static Object field(Object target, String name) throws Exception {
    for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
      try {
        Field f = c.getDeclaredField(name);
        f.setAccessible(true);
        return f.get(target);
      } catch (NoSuchFieldException e) {
        // declared higher up
      }
    }
    throw new NoSuchFieldException(target.getClass().getName() + "." + name);
  }

  static Map<String, Object> failure(Throwable e) {
    return failure(e.getClass().getName(), e.getMessage());
  }

  static Map<String, Object> failure(String cls, String message) {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("class", cls);
    error.put("message", message);
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("ok", false);
    answer.put("error", error);
    return answer;
  }

  static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }
}
