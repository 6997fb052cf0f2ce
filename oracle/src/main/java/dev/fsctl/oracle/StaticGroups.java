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

  static synchronized void set(String user, List<String> groups) {
    GROUPS.clear();
    GROUPS.put(user, new ArrayList<>(groups));
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
