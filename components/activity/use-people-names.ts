"use client";

import { useQuery } from "@tanstack/react-query";
import { membersClient } from "@/lib/session/session-client";
import { NO_NAMES, type PeopleNames, peopleNames } from "./people-names";

/**
 * The workspace's members' names (`GET /api/members`, Backroom's own: no request to the API), for the Activity page's
 * people. Until they come, or where they cannot be read, every person is shown by email.
 */
export function usePeopleNames(): PeopleNames {
  const members = useQuery({
    queryKey: ["members", "names"],
    queryFn: async () => {
      const result = await membersClient.list();
      if (!result.ok) throw result.error;
      return peopleNames(result.data.members);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  return members.data ?? NO_NAMES;
}
