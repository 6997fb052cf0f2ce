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
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ContainerUpdates;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeAddedSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.event.NodeUpdateSchedulerEvent;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.ApplicationEntry;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSLeafQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
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
 */
final class FairShares {
  private FairShares() {
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
      return Oracle.failure(Oracle.rootCause(e));
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
    conf.setLong(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_MB, cluster.getMemorySize());
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MAXIMUM_ALLOCATION_VCORES, cluster.getVirtualCores());
    conf.setBoolean(FairSchedulerConfiguration.ASSIGN_MULTIPLE, true);
    conf.setInt(FairSchedulerConfiguration.MAX_ASSIGN, -1);
    conf.setBoolean(FairSchedulerConfiguration.PREEMPTION, false);
    MockRM rm = new MockRM(conf);
    rm.start();
    try {
      FairScheduler fs = (FairScheduler) rm.getResourceScheduler();
      RMNode node = MockNodes.newNodeInfo(1, cluster, 1, "127.0.0.1");
      fs.handle(new NodeAddedSchedulerEvent(node));
      int[] ids = {1};
      // usage first, queue by queue, so each heartbeat has exactly one application to serve
      for (Map.Entry<String, Object> e : demand.entrySet()) {
        @SuppressWarnings("unchecked")
        Map<String, Object> load = (Map<String, Object>) e.getValue();
        Object usage = load.get("usage");
        if (usage != null) {
          Resource used = Oracle.parseResource(usage.toString());
          if (used.getMemorySize() > 0 || used.getVirtualCores() > 0) {
            submit(rm, fs, e.getKey(), used, ids);
            fs.handle(new NodeUpdateSchedulerEvent(node));
          }
        }
      }
      for (Map.Entry<String, Object> e : demand.entrySet()) {
        @SuppressWarnings("unchecked")
        Map<String, Object> load = (Map<String, Object>) e.getValue();
        Resource total = Oracle.parseResource(load.get("demand").toString());
        Object usage = load.get("usage");
        Resource pending = total;
        if (usage != null) {
          Resource used = Oracle.parseResource(usage.toString());
          pending = Resource.newInstance(Math.max(0, total.getMemorySize() - used.getMemorySize()),
              Math.max(0, total.getVirtualCores() - used.getVirtualCores()));
        }
        int apps = load.get("apps") == null ? 1 : ((Number) load.get("apps")).intValue();
        for (int i = 0; i < apps; i++) {
          long mem = pending.getMemorySize() / apps + (i == 0 ? pending.getMemorySize() % apps : 0);
          int vc = pending.getVirtualCores() / apps + (i == 0 ? pending.getVirtualCores() % apps : 0);
          submit(rm, fs, e.getKey(), Resource.newInstance(mem, vc), ids);
        }
      }
      fs.update();
      return answer(fs);
    } finally {
      rm.stop();
    }
  }

  /** One application asking for one container of {@code ask}, as FairSchedulerTestBase does it. */
  private static void submit(MockRM rm, FairScheduler fs, String queue, Resource ask, int[] ids) {
    ApplicationAttemptId id = ApplicationAttemptId.newInstance(ApplicationId.newInstance(0, ids[0]), 1);
    ids[0]++;
    if (!ApplicationEntry.add(fs, id, queue, "user" + ids[0])) {
      return;
    }
    RMApp rmApp = Mockito.mock(RMApp.class);
    RMAppAttempt attempt = Mockito.mock(RMAppAttempt.class);
    Mockito.when(rmApp.getCurrentAppAttempt()).thenReturn(attempt);
    Mockito.when(attempt.getRMAppAttemptMetrics()).thenReturn(new RMAppAttemptMetrics(id, rm.getRMContext()));
    ApplicationSubmissionContext sub = Mockito.mock(ApplicationSubmissionContext.class);
    Mockito.when(sub.getUnmanagedAM()).thenReturn(false);
    Mockito.when(attempt.getSubmissionContext()).thenReturn(sub);
    Mockito.when(rmApp.getApplicationSubmissionContext()).thenReturn(sub);
    Mockito.when(attempt.getMasterContainer()).thenReturn(Mockito.mock(Container.class));
    rm.getRMContext().getRMApps().put(id.getApplicationId(), rmApp);
    List<ResourceRequest> asks = new ArrayList<>();
    if (ask.getMemorySize() > 0 || ask.getVirtualCores() > 0) {
      ResourceRequest request = Records.newRecord(ResourceRequest.class);
      request.setCapability(ask);
      request.setResourceName(ResourceRequest.ANY);
      request.setNumContainers(1);
      Priority priority = Records.newRecord(Priority.class);
      priority.setPriority(1);
      request.setPriority(priority);
      request.setRelaxLocality(true);
      request.setNodeLabelExpression(RMNodeLabelsManager.NO_LABEL);
      asks.add(request);
    }
    fs.allocate(id, asks, null, new ArrayList<>(), null, null, new ContainerUpdates());
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
    q.put("weight", (double) queue.getWeight());
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
