import { Outlet } from "react-router";

export default function ProtectedLayout() {
  return <Outlet />;
}
