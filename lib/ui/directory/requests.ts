import type { ApiRequest } from "@/lib/domain/api-query";

/** One supplier, warehouse or user by id: the single-record reads of the directory's detail pages. */

export function supplierRequest(supplierId: number): ApiRequest<"getSupplier"> {
  return { operation: "getSupplier", path: { supplierID: supplierId } };
}

export function locationRequest(locationId: number): ApiRequest<"getLocation"> {
  return { operation: "getLocation", path: { locationID: locationId } };
}

export function userRequest(userId: number): ApiRequest<"getUser"> {
  return { operation: "getUser", path: { userID: userId } };
}
