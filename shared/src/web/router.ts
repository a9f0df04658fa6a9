// The router API every container uses. React Router lives inside the
// '@agentflow/shared' singleton rather than being a federated module of its
// own: Module Federation cannot tree-shake a shared module (all of React
// Router 7 is 59 kB gzip, the part we use 14 kB), and one shared instance is
// what keeps one router context for host and remotes. Import routing from
// '@agentflow/shared' only; the webpack builds reject a direct import.
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  generatePath,
  matchPath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, NavLinkProps, LinkProps, RouteObject } from 'react-router';
