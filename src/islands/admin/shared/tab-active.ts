import { createContext, useContext } from 'react';

/** Whether the tab a component sits in is the one shown (hidden tabs stay mounted, and stop polling). */
export const TabActiveContext = createContext(true);

export const useTabActive = () => useContext(TabActiveContext);
