// The billing Team page, now a pointer to the workspace's members (issue 21). English source.
export const en = {
  billing: {
    teamMoved: {
      heading: 'Your team is now a workspace',
      body: 'Members, their roles and invitations live with the workspace they work in. Switch to it in the header’s workspace menu, or create one with “New workspace…”, then invite people on its members page.',
      seats: 'Seats come from the plan of the workspace’s owner: {{free}} on Free, {{basic}} on Basic, {{premium}} on Premium, no limit on Enterprise. Members run workflows on the owner’s plan.',
      members: 'Open the workspace’s members',
      plans: 'Compare plans',
    },
  },
};

export type TeamMovedCatalog = typeof en;
