/**
 * The query of the signed-in user's data, apart from the hook (user-data.ts) so the router can start
 * it at page load without loading the hook's code with the Login screen.
 */
import type { UserData } from "@registro/contracts";
import { api } from "./api-client";

export const USER_DATA_KEY = ["Account", "GetUserData"] as const;

export function obtenerUserData(): Promise<UserData> {
  return api.get<UserData>("api/Account/GetUserData");
}

export const consultaUserData = { queryKey: USER_DATA_KEY, queryFn: obtenerUserData, staleTime: 60_000 };
