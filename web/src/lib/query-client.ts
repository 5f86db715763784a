/**
 * The app's query client. A query the server refuses (403: the user's views do not grant that
 * data) always says so, in the server's Spanish message: a screen whose data is refused must not
 * look like an empty result.
 */
import { MSG_LOGIN } from "@registro/contracts";
import { QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { notify } from "./toast";

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 403) notify.error(error.message || MSG_LOGIN.noAutorizado);
    },
  }),
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
