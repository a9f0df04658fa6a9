// The web entry (@agentflow/shared) carries the router API: React Router is
// provided by the shared singleton, not federated (PROVIDED_BY_SHARED in the
// domain's federation contract). Tested here, beside the entry, since the
// domain core imports nothing from the web part.
import * as sharedEntry from './index';

describe('PROVIDED_BY_SHARED', () => {
  test('the shared package exports the router API apps use', () => {
    for (const name of ['BrowserRouter', 'MemoryRouter', 'Routes', 'Route', 'Link', 'NavLink', 'Navigate', 'Outlet', 'useLocation', 'useNavigate', 'useParams', 'useSearchParams']) {
      expect(sharedEntry).toHaveProperty(name);
    }
  });
});
