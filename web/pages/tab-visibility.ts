import { createContext, useContext } from 'react';

/** Whether the tab a screen belongs to is the one showing (web/pages/tabs-layout.tsx keeps visited tabs mounted). */
export const TabVisibility = createContext(true);

export const useTabIsShown = () => useContext(TabVisibility);
