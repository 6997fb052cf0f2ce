package dev.fsctl.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.security.GroupMappingServiceProvider;

/**
 * Group mapping from the request, never from this machine (Hadoop's placement rules look groups up
 * through {@code Groups}, configured with {@code hadoop.security.group.mapping}).
 */
public final class StaticGroups implements GroupMappingServiceProvider {
  private static final Map<String, List<String>> GROUPS = new HashMap<>();

  /** Every user's groups at once, for a request that submits several applications. */
  static synchronized void setAll(Map<String, List<String>> groups) {
    GROUPS.clear();
    for (Map.Entry<String, List<String>> e : groups.entrySet()) {
      GROUPS.put(e.getKey(), new ArrayList<>(e.getValue()));
    }
  }

  @Override
  public List<String> getGroups(String user) {
    synchronized (StaticGroups.class) {
      List<String> groups = GROUPS.get(user);
      return groups == null ? Collections.emptyList() : new ArrayList<>(groups);
    }
  }

  @Override
  public void cacheGroupsRefresh() {
  }

  @Override
  public void cacheGroupsAdd(List<String> groups) {
  }
}
