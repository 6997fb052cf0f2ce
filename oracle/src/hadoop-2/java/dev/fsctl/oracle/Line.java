package dev.fsctl.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.ApplicationAttemptId;
import org.apache.hadoop.yarn.api.records.ApplicationSubmissionContext;
import org.apache.hadoop.yarn.api.records.ResourceRequest;
import org.apache.hadoop.yarn.server.resourcemanager.resource.ResourceType;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.ContainerUpdates;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.capacity.CapacityScheduler;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.AllocationConfiguration;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.ConfigurableResource;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FSQueue;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairBefore33;
import org.apache.hadoop.yarn.server.resourcemanager.scheduler.fair.FairScheduler;

/**
 * What differs between Hadoop release lines, as Hadoop 2.10 does it (2.10.2): besides what 3.1
 * and 3.2 share (FairBefore33, no fs2cs), a Fair queue's weight is a ResourceWeights, the Capacity
 * Scheduler has no effective resources per queue (QueueResourceQuotas came with absolute
 * capacities, YARN-5881, 3.1.0) and its PlacementManager rewrites the submission's queue.
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

  /** The allocation file's weight: one for every resource type (ResourceWeights(weight)). */
  static float weight(FSQueue queue) {
    return queue.getWeights().getWeight(ResourceType.MEMORY);
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

  /** PlacementManager.placeApplication sets the queue a mapping chose on the submission itself. */
  static String capacityPlacement(CapacityScheduler cs, ApplicationSubmissionContext asc, String user)
      throws Exception {
    String asked = asc.getQueue();
    cs.getRMContext().getQueuePlacementManager().placeApplication(asc, user);
    return Objects.equals(asc.getQueue(), asked) ? null : asc.getQueue();
  }

  static void allocate(FairScheduler fs, ApplicationAttemptId id, List<ResourceRequest> asks) {
    fs.allocate(id, asks, new ArrayList<>(), null, null, new ContainerUpdates());
  }

  /** Nothing: no QueueResourceQuotas in 2.10 (the answer has no guaranteed or maximum). */
  static void describeEffectiveResources(CSQueue queue, Map<String, Object> out) {
  }
}
