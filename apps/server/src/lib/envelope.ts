/** Wraps a successful result in the API envelope. */
export function ok<T>(data: T, message = 'Thành công') {
  return { success: true as const, message, data };
}

export function page<T>(items: T[], currentPage: number, pageSize: number, totalItems: number) {
  return {
    data: items,
    currentPage,
    pageSize,
    totalItems,
    totalPages: Math.ceil(totalItems / pageSize),
  };
}
