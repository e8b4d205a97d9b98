/**
 * SPEC §4's list rules as one pure reducer, used by every "load more" list (the home page's
 * party nights, the user area's own events):
 * - the loading flag becomes true on request and false on response (or failure);
 * - a requested page not higher than the current one is ignored unless a reset is asked;
 * - a reset clears the list first;
 * - pages start at 1.
 */

export interface ListPagingState<T> {
  /** The page last requested (0 before the first request). */
  page: number;
  items: T[];
  loading: boolean;
  /** False once a response said there is nothing after its page. */
  hasMore: boolean;
  /** The last request failed; the next request for the same page may retry. */
  failed: boolean;
}

export type ListPagingAction<T> =
  | { type: "request"; page: number; reset?: boolean }
  | { type: "response"; page: number; items: T[]; hasMore: boolean }
  | { type: "failure"; page: number };

export function initialListPagingState<T>(
  loaded: { page: number; items: T[]; hasMore: boolean } = { page: 0, items: [], hasMore: true },
): ListPagingState<T> {
  return { ...loaded, page: Math.max(0, loaded.page), loading: false, failed: false };
}

export function listPagingReducer<T>(
  state: ListPagingState<T>,
  action: ListPagingAction<T>,
): ListPagingState<T> {
  switch (action.type) {
    case "request": {
      const page = Math.max(1, Math.trunc(action.page));
      if (action.reset) {
        return { page, items: [], loading: true, hasMore: true, failed: false };
      }
      if (page <= state.page) return state;
      return { ...state, page, loading: true, failed: false };
    }
    case "response":
      // An answer to a page that is no longer the one asked for (after a reset) is stale.
      if (action.page !== state.page) return state;
      return {
        ...state,
        items: [...state.items, ...action.items],
        loading: false,
        hasMore: action.hasMore,
        failed: false,
      };
    case "failure":
      if (action.page !== state.page) return state;
      return { ...state, page: state.page - 1, loading: false, failed: true };
  }
}
