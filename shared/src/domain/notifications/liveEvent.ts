// The browser event the shell's bell dispatches on `window` each time the
// user's unread notifications change (its live Firestore listener): pages in
// remotes that show what notifications announce (the approval inbox) listen
// for it and fetch again, without a Firestore listener of their own.
export const NOTIFICATIONS_CHANGED_EVENT = 'agentflow:notifications-changed';
