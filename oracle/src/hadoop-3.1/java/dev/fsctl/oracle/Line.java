package dev.fsctl.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.server.resourcemanager.placement.ApplicationPlacementContext;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ContainerUpdates;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.AllocationConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.ConfigurableResource;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairBefore33;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;

/**
 * What differs between Hadoop release lines, as Hadoop 3.1 and 3.2 do it (3.1.4, 3.2.4): the Fair
 * Scheduler's placement policy is its own (FairBefore33), there is no fs2cs.
 */
final class Line {
  private Line() {
  }

  /**
   * Nothing: there is no migration mode before 3.3. The scheduler is built as the ResourceManager
   * builds it; its threads start only with the service, which the oracle never starts.
   */
  static void fairSchedulerSettings(Configuration conf) {
  }

  static int fs2cs(String[] args) throws NotAnswered {
    throw NotAnswered.unavailable("fs2cs (YARN-9698, Hadoop 3.3.0)");
  }

  static float weight(FSQueue queue) {
    return queue.getWeight();
  }

  static ConfigurableResource maxResources(FSQueue queue) {
    return FairBefore33.maxResources(queue);
  }

  static double[] percentages(ConfigurableResource resource) {
    return FairBefore33.percentages(resource);
  }

  static void describeFairDefaults(AllocationConfiguration alloc, Map<String, Object> out) {
    FairBefore33.describeDefaults(alloc, out);
  }

  static List<Object> fairPlacementRules(FairScheduler fs) {
    return FairBefore33.placementRules(fs);
  }

  static String fairPlacement(FairScheduler fs, ApplicationSubmissionContext asc, String user) throws Exception {
    return FairBefore33.placement(fs, asc.getQueue(), user);
  }

  static String capacityPlacement(CapacityScheduler cs, ApplicationSubmissionContext asc, String user)
      throws Exception {
    ApplicationPlacementContext placed = cs.getRMContext().getQueuePlacementManager().placeApplication(asc, user);
    if (placed == null) {
      return null;
    }
    return placed.hasParentQueue() ? placed.getParentQueue() + "." + placed.getQueue() : placed.getQueue();
  }

  static void allocate(FairScheduler fs, ApplicationAttemptId id, List<ResourceRequest> asks) {
    fs.allocate(id, asks, null, new ArrayList<>(), null, null, new ContainerUpdates());
  }

  static void describeEffectiveResources(CSQueue queue, Map<String, Object> out) {
    out.put("guaranteed", Oracle.resource(queue.getQueueResourceQuotas().getEffectiveMinResource()));
    out.put("maximum", Oracle.resource(queue.getQueueResourceQuotas().getEffectiveMaxResource()));
  }
}
