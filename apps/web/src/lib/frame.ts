import { createContext, useContext } from 'react';

/**
 * True while the server renders the frame of a page behind the login (entry-server.tsx): the
 * server never knows the session (it lives in the browser's storage), so it renders the page as it
 * looks before any of its data has come — the header's account area and the console's frame
 * without the account, the page's heading, its placeholders — and nothing personal. The browser
 * then renders the page for its session in place of the frame (main.tsx), or sends a visitor
 * without one to the login page.
 */
export const FrameContext = createContext(false);

export const useIsFrame = () => useContext(FrameContext);
