import { DEFAULT_PAGE_SIZE } from "#common/constants.ts";

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  count: number;
  page: number;
  pageSize: number;
  items: T[];
}

export const firstPage: PageRequest = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

export function offsetOf({ page, pageSize }: PageRequest): number {
  return (page - 1) * pageSize;
}
