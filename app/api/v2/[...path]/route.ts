import { proxyRoutes } from "@/lib/backend";

export const { GET, POST, PATCH, DELETE, PUT } = proxyRoutes("v2");
