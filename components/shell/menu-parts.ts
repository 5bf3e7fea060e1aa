/**
 * The ids of what the phone's menu shows (`ShellMenu`): the header's part (workspace, key, budget, theme, the person's
 * links) and the dashboard's navigation. A plain module: the server's header and the client's menu both read it.
 */
export const HEADER_MENU_ID = "header-menu";
export const NAV_ID = "sidebar-nav";
export const MENU_PARTS = [HEADER_MENU_ID, NAV_ID] as const;
