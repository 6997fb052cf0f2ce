package dev.fsctl.oracle;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.exceptions.YarnException;
import org.apache.hadoop.yarn.server.resourcemanager.placement.ApplicationPlacementContext;
import org.apache.hadoop.yarn.server.resourcemanager.placement.FSPlacementRule;
import org.apache.hadoop.yarn.server.resourcemanager.placement.PlacementManager;
import org.apache.hadoop.yarn.server.resourcemanager.placement.PlacementRule;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ContainerUpdates;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.AllocationConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.ConfigurableResource;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairSchedulerConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.converter.Fs2csEntry;

/**
 * What differs between Hadoop release lines, as Hadoop 3.3 and 3.4 do it (3.3.6, 3.4.2): the Fair
 * Scheduler's placement rules live in the ResourceManager's PlacementManager (YARN-8967), fs2cs
 * exists (YARN-9698), queues hold their configured maximum as a ConfigurableResource.
 */
final class Line {
  private Line() {
  }

  /** As fs2cs builds its FairScheduler: migration mode, so no scheduling or preemption thread is made. */
  static void fairSchedulerSettings(Configuration conf) {
    conf.setBoolean(FairSchedulerConfiguration.MIGRATION_MODE, true);
  }

  /** fs2cs's command line, as {@code yarn fs2cs} runs it: Hadoop's exit code. */
  static int fs2cs(String[] args) throws Exception {
    return Fs2csEntry.run(args);
  }

  static float weight(FSQueue queue) {
    return queue.getWeight();
  }

  /** The queue's maximum as configured (an absolute vector or percentages). */
  static ConfigurableResource maxResources(FSQueue queue) {
    return queue.getRawMaxShare();
  }

  /** Hadoop's percentages of the cluster, or null for an absolute vector. */
  static double[] percentages(ConfigurableResource resource) {
    return resource.getPercentages();
  }

  static void describeFairDefaults(AllocationConfiguration alloc, Map<String, Object> out) {
    out.put("queueMaxAppsDefault", alloc.getQueueMaxAppsDefault());
    out.put("userMaxAppsDefault", alloc.getUserMaxAppsDefault());
    out.put("queueMaxAMShareDefault", alloc.getQueueMaxAMShareDefault());
    out.put("userMaxApps", alloc.getUserMaxApps());
  }

  /** The Fair Scheduler's placement rules, as the PlacementManager holds them. */
  static List<Object> fairPlacementRules(FairScheduler fs) {
    List<Object> rules = new ArrayList<>();
    List<PlacementRule> held = fs.getRMContext().getQueuePlacementManager().getPlacementRules();
    if (held != null) {
      for (PlacementRule rule : held) {
        rules.add(describeRule(rule));
      }
    }
    return rules;
  }

  private static Map<String, Object> describeRule(PlacementRule rule) {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("class", rule.getClass().getSimpleName());
    if (rule instanceof FSPlacementRule) {
      FSPlacementRule fsRule = (FSPlacementRule) rule;
      r.put("create", fsRule.getCreateFlag());
      if (fsRule.getParentRule() != null) {
        r.put("parent", describeRule(fsRule.getParentRule()));
      }
    }
    return r;
  }

  /** The queue the Fair Scheduler's placement rules choose (its full path), null when none does. */
  static String fairPlacement(FairScheduler fs, ApplicationSubmissionContext asc, String user)
      throws YarnException {
    return placed(fs.getRMContext().getQueuePlacementManager(), asc, user);
  }

  /** The queue the Capacity Scheduler's mapping rules choose (its full path), null when none does. */
  static String capacityPlacement(CapacityScheduler cs, ApplicationSubmissionContext asc, String user)
      throws YarnException {
    return placed(cs.getRMContext().getQueuePlacementManager(), asc, user);
  }

  private static String placed(PlacementManager pm, ApplicationSubmissionContext asc, String user)
      throws YarnException {
    ApplicationPlacementContext placed = pm.placeApplication(asc, user);
    return placed == null ? null : fullPath(placed);
  }

  /** 3.4 has getFullQueuePath(); 3.3 keeps the parent and the leaf apart. */
  private static String fullPath(ApplicationPlacementContext placed) {
    try {
      Method m = ApplicationPlacementContext.class.getMethod("getFullQueuePath");
      return (String) m.invoke(placed);
    } catch (ReflectiveOperationException e) {
      return placed.hasParentQueue() ? placed.getParentQueue() + "." + placed.getQueue() : placed.getQueue();
    }
  }

  static void allocate(FairScheduler fs, ApplicationAttemptId id, List<ResourceRequest> asks) {
    fs.allocate(id, asks, null, new ArrayList<>(), null, null, new ContainerUpdates());
  }

  /** The queue's effective guaranteed and maximum resources (QueueResourceQuotas). */
  static void describeEffectiveResources(CSQueue queue, Map<String, Object> out) {
    out.put("guaranteed", Oracle.resource(queue.getQueueResourceQuotas().getEffectiveMinResource()));
    out.put("maximum", Oracle.resource(queue.getQueueResourceQuotas().getEffectiveMaxResource()));
  }
}
