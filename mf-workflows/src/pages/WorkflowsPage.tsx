// The workflow catalogue (/workflows) of the current workspace (the header's
// switcher): search, category and industry filters and the collections. In
// the personal workspace: my workflows, those shared with me, templates and
// the trash; in an organization's: its workflows, templates and, for who may
// delete there, its trash. New workflows
// and template copies go to the current workspace when the user's role there
// lets them edit (else to their personal one). Every
// filter lives in the URL (?search=&category=&industry=&tab=), so a reload, the
// back button, the home page's industry links and voice search all land on
// the same view. ?run=<name> (voice "run workflow X") shows a notice and, asked by voice, starts the run (VoiceRunNotice).
import { useEffect, useId, useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, NeedsConnectionNote, PageHeader, SavedOnDeviceNote, signInPathFor, useAuth, useI18n, useLocation, useNavigate, useOnline, useToast, useWorkspace } from '@agentflow/shared';
import type { Workflow } from '@agentflow/shared/workflow';
import { pruneCatalogueCache, readWithOfflineCopy, type CatalogueResult } from '../api/catalogueCache';
import { CatalogueSkeleton } from '../components/CatalogueSkeleton';
import { FacetOptions, WORKFLOW_FACETS } from '../components/FacetOptions';
import { useCatalogueSource } from '../components/CatalogueSourceContext';
import { CATALOGUE_PANEL_ID, CatalogueTabs, tabId } from '../components/CatalogueTabs';
import { applyFilters, type CatalogueTab } from '../components/catalogueFilters';
import { useCatalogueUrl } from './useCatalogueUrl';
import { WorkflowCard } from '../components/WorkflowCard';
import { NewWorkflowActions, TemplatePreview, TrashTab, useCardMenu } from '../lifecycle/CatalogueLifecycle';
import { useLocalizedTemplates } from '../templateTexts/useLocalizedTemplates';
import { useCatalogueSwitch } from '../builder/triggers/useCatalogueSwitch';
import { VoiceRunNotice } from './VoiceRunNotice';
import { useWorkspaceCatalogue } from './useWorkspaceCatalogue';
import '../components/catalogue.css';

export { SEARCH_DEBOUNCE_MS } from './useCatalogueUrl';

export const catalogueKeys = {
  all: ['workflows'] as const,
  templates: () => ['workflows', 'templates'] as const,
  mine: (uid: string | null) => ['workflows', 'mine', uid] as const,
  organization: (uid: string | null, workspaceId: string) => ['workflows', 'organization', uid, workspaceId] as const,
  organizationTrash: (uid: string | null, workspaceId: string) => ['workflows', 'organization-trash', uid, workspaceId] as const,
  shared: (uid: string | null) => ['workflows', 'shared', uid] as const,
};

// The catalogue's reads run even when the browser says it is offline (React
// Query would pause them, leaving the skeleton up): offline they answer with
// the copy saved on this device. That copy goes stale at once, so the next
// chance (reconnecting, Try again) asks the server again; React Query turns
// reconnect refetches off for networkMode 'always' unless told.
const catalogueQueryOptions = {
  networkMode: 'always',
  refetchOnReconnect: true,
  staleTime: (query: { state: { data?: CatalogueResult } }) => (query.state.data?.savedAt ? 0 : 30_000),
} as const;

const GUEST_TABS: readonly CatalogueTab[] = ['templates'];

/** The filter option that shows every category, or every industry. */
const ALL_OF = { category: 'workflows.catalogue.allCategories', industry: 'workflows.catalogue.allIndustries' } as const;

export function WorkflowsPage() {
  const { t } = useI18n();
  const { user, loading: authLoading } = useAuth();
  const { toast } = useToast();
  const source = useCatalogueSource();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { filters, searchText, setSearchText, setFilter, clearFilters } = useCatalogueUrl();
  const uid = user?.uid ?? null;
  const ids = useId();
  const online = useOnline();
  const { currentId, organizationId } = useWorkspace();
  const workspace = useWorkspaceCatalogue();

  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('workflows.title')}`;
  }, [t]);

  // Saved workflows belong to the user signed in: anyone else's (everyone's after sign-out) leave this device.
  useEffect(() => {
    if (!authLoading) pruneCatalogueCache(uid);
  }, [authLoading, uid]);

  const mine = useQuery({
    ...catalogueQueryOptions,
    queryKey: catalogueKeys.mine(uid),
    queryFn: () => readWithOfflineCopy({ tab: 'mine', uid }, () => source.listMine(uid as string)),
    enabled: uid !== null && organizationId === null,
  });

  // Which collection shows: guests have only templates; a signed-in user gets
  // the tab the URL names when the workspace has it, else the workspace's own
  // workflows (in the personal one: when they have any).
  const tabs = user ? workspace.tabs : GUEST_TABS;
  let tab: CatalogueTab | null;
  if (authLoading) tab = null;
  else if (!user) tab = 'templates';
  else if (filters.tab && tabs.includes(filters.tab)) tab = filters.tab;
  else if (organizationId !== null) tab = 'organization';
  else if (mine.isPending) tab = null;
  else tab = mine.isError || (mine.data?.workflows.some((workflow) => !workflow.deletedAt) ?? false) ? 'mine' : 'templates';

  const templates = useQuery({
    ...catalogueQueryOptions,
    queryKey: catalogueKeys.templates(),
    queryFn: () => readWithOfflineCopy({ tab: 'templates', uid }, () => source.listTemplates()),
    enabled: tab === 'templates',
  });
  // The organization workspace's workflows: every workspace role may view them.
  const organization = useQuery({
    ...catalogueQueryOptions,
    queryKey: catalogueKeys.organization(uid, currentId),
    queryFn: () => readWithOfflineCopy({ tab: 'organization', uid, workspaceId: currentId }, () => source.listOrganization([currentId])),
    enabled: uid !== null && organizationId !== null && tab === 'organization',
  });
  // The organization's trash: its tab is there only for who may delete the workspace's workflows.
  const organizationTrash = useQuery({
    ...catalogueQueryOptions,
    queryKey: catalogueKeys.organizationTrash(uid, currentId),
    queryFn: () => readWithOfflineCopy({ tab: 'trash', uid, workspaceId: currentId }, () => source.listOrganizationTrash(currentId)),
    enabled: uid !== null && organizationId !== null && tab === 'trash',
  });
  const shared = useQuery({
    ...catalogueQueryOptions,
    queryKey: catalogueKeys.shared(uid),
    queryFn: () => readWithOfflineCopy({ tab: 'shared', uid }, () => source.listSharedWithMe(uid as string)),
    enabled: uid !== null && tab === 'shared',
  });
  const active =
    tab === 'templates'
      ? templates
      : tab === 'organization'
        ? organization
        : tab === 'shared'
          ? shared
          : tab === 'trash' && organizationId !== null
            ? organizationTrash
            : tab === 'mine' || tab === 'trash'
              ? mine
              : null;

  const activeData = active?.data;
  // Templates show (and are copied) in the reader's language.
  const localize = useLocalizedTemplates(tab === 'templates');
  const shown = useMemo(
    () =>
      activeData
        ? applyFilters(localize(activeData.workflows), { search: filters.search, category: filters.category, industry: filters.industry }).filter(
            (workflow) => (tab === 'trash') === Boolean(workflow.deletedAt),
          )
        : [],
    [activeData, localize, tab, filters.search, filters.category, filters.industry],
  );

  const copyTemplate = useMutation({
    mutationFn: (template: Workflow) =>
      source.createFromTemplate({ ...template, organizationId: workspace.createIn }, { uid: uid as string, name: user?.displayName || user?.email || '' }),
    onSuccess: async (id) => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      // Relative: /workflows/<id> under the shell, /<id> when standalone.
      void navigate(encodeURIComponent(id));
    },
    onError: () => {
      toast({ title: t('workflows.catalogue.useFailedTitle'), description: t('workflows.catalogue.useFailedBody'), variant: 'destructive' });
    },
  });

  const catalogueUser = uid ? { uid, name: user?.displayName || user?.email || '' } : null;
  // After a write, every collection of this user is read again (a move takes a workflow from one to another).
  const refreshMine = () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
  const menu = useCardMenu({ user: catalogueUser ?? { uid: '' }, refresh: refreshMine });
  const switchActive = useCatalogueSwitch(refreshMine);
  // "Use template" on a card shows what the template does first; the preview's own button copies it.
  const [previewing, setPreviewing] = useState<Workflow | null>(null);

  const copyOrSignIn = (template: Workflow) => {
    if (!user) {
      void navigate(signInPathFor(`${location.pathname}${location.search}`));
      return;
    }
    copyTemplate.mutate(template, { onError: () => setPreviewing(null) });
  };

  const filtered = filters.search !== '' || filters.category !== 'all' || filters.industry !== 'all';

  return (
    <section className="catalogue">
      <PageHeader
        title={t('workflows.title')}
        subtitle={t('workflows.subtitle')}
        helpTopic="workflows"
        actions={
          user && catalogueUser ? (
            <>
              <NewWorkflowActions user={catalogueUser} refresh={refreshMine} disabled={!online || !workspace.canCreate} organizationId={workspace.createIn} />
              {/* What workflows use (credentials, knowledge, MCP servers) and what publishes them (chat apps, API keys): one compact row on a phone. */}
              <nav className="catalogue-resources" aria-label={t('workflows.catalogue.resourcesLabel')}>
                <Link className="button" to="/workflows/credentials" data-testid="credentials-link">
                  {t('workflows.catalogue.credentialsLink')}
                </Link>
                <Link className="button" to="/workflows/knowledge" data-testid="knowledge-link">
                  {t('workflows.catalogue.knowledgeLink')}
                </Link>
                <Link className="button" to="/workflows/chat-apps" data-testid="chat-apps-link">
                  {t('workflows.catalogue.chatAppsLink')}
                </Link>
                <Link className="button" to="/workflows/mcp-servers" data-testid="mcp-servers-link">
                  {t('workflows.catalogue.mcpServersLink')}
                </Link>
                <Link className="button" to="/workflows/api-keys" data-testid="api-keys-link">
                  {t('workflows.catalogue.apiKeysLink')}
                </Link>
              </nav>
            </>
          ) : null
        }
      />

      {user ? workspace.note : null}

      {filters.run ? <VoiceRunNotice name={filters.run} signedIn={user !== null} onDismiss={() => setFilter('run', null)} /> : null}

      <form className="catalogue-filters" role="search" aria-label={t('workflows.catalogue.filtersLabel')} onSubmit={(event) => event.preventDefault()}>
        <div className="form-field catalogue-search">
          <label htmlFor={`${ids}-search`}>{t('workflows.catalogue.searchLabel')}</label>
          <input
            id={`${ids}-search`}
            type="search"
            data-testid="workflow-search"
            placeholder={t('workflows.catalogue.searchPlaceholder')}
            autoComplete="off"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        {WORKFLOW_FACETS.map((facet) => (
          <div className="form-field" key={facet}>
            <label htmlFor={`${ids}-${facet}`}>{t(`workflows.catalogue.${facet}Label`)}</label>
            <select id={`${ids}-${facet}`} data-testid={`workflow-${facet}`} value={filters[facet]} onChange={(event) => setFilter(facet, event.target.value)}>
              <option value="all">{t(ALL_OF[facet])}</option>
              <FacetOptions facet={facet} />
            </select>
          </div>
        ))}
      </form>

      {tab !== null ? <CatalogueTabs tabs={tabs} selected={tab} onSelect={(next) => setFilter('tab', next)} labels={workspace.tabLabels} /> : null}

      <div id={CATALOGUE_PANEL_ID} role={tab !== null ? 'tabpanel' : undefined} aria-labelledby={tab !== null ? tabId(tab) : undefined} className="catalogue-panel">
        {active === null || active.isPending ? (
          <CatalogueSkeleton />
        ) : active.isError ? (
          <div className="form-alert catalogue-error" role="alert" data-testid="catalogue-error">
            <p>{t('workflows.catalogue.error')}</p>
            <button type="button" className="button" onClick={() => void active.refetch()} disabled={active.isFetching}>
              {t('workflows.catalogue.retry')}
            </button>
          </div>
        ) : (
          <>
            {active.data.savedAt !== null ? (
              <SavedOnDeviceNote
                savedAt={active.data.savedAt}
                testId="catalogue-offline"
                className="catalogue-offline"
                actions={
                  <button type="button" className="button" onClick={() => void active.refetch()} disabled={active.isFetching}>
                    {t('workflows.catalogue.retry')}
                  </button>
                }
              >
                <p>{t('workflows.catalogue.offline')}</p>
              </SavedOnDeviceNote>
            ) : null}
            {/* Copying a template writes to Firestore: offline the buttons are disabled, and this says why. */}
            {!online && user && tab === 'templates' ? <NeedsConnectionNote id={`${ids}-offline`} testId="catalogue-needs-connection" /> : null}
            {tab === 'trash' && catalogueUser ? (
              <TrashTab workflows={shown} user={catalogueUser} refresh={refreshMine} disabled={!online} />
            ) : shown.length === 0 ? (
              <div className="catalogue-empty" data-testid="catalogue-empty">
                <p className="catalogue-empty-title">{t('workflows.catalogue.empty')}</p>
                <p className="muted">{t('workflows.catalogue.emptyHint')}</p>
                {filtered ? (
                  <button type="button" className="button button-ghost" onClick={clearFilters}>
                    {t('workflows.catalogue.clearFilters')}
                  </button>
                ) : null}
              </div>
            ) : (
              <>
                <p className="catalogue-count muted" role="status">
                  {t('workflows.catalogue.shown', { count: shown.length })}
                </p>
                <div className="card-grid" data-testid="workflow-list">
                  {shown.map((workflow) => (
                    <WorkflowCard
                      key={workflow.id}
                      workflow={workflow}
                      kind={tab ?? 'templates'}
                      onUseTemplate={setPreviewing}
                      onMenuAction={workspace.menuActions(tab).length > 0 ? menu.onMenuAction : undefined}
                      menuActions={workspace.menuActions(tab)}
                      note={tab === 'shared' ? workspace.sharedNote(workflow, uid) : undefined}
                      onActiveChange={workspace.canSwitch(tab) ? switchActive : undefined}
                      copying={copyTemplate.isPending && copyTemplate.variables?.id === workflow.id}
                      disabled={copyTemplate.isPending || menu.busy || (!online && user !== null)}
                      describedBy={!online && user ? `${ids}-offline` : undefined}
                    />
                  ))}
                </div>
              </>
            )}
          </>
        )}
      </div>
      {menu.dialogs}
      {previewing ? (
        <TemplatePreview
          template={previewing}
          busy={copyTemplate.isPending}
          disabled={!online && user !== null}
          onUse={() => copyOrSignIn(previewing)}
          onClose={() => setPreviewing(null)}
        />
      ) : null}
    </section>
  );
}
