/**
 * Boot stage 8 (see main.tsx): React DOM and the router, evaluated before the app's own modules
 * (about 20-30 ms together in a trace here).
 */
export { createRoot } from 'react-dom/client'
export { createBrowserRouter, RouterProvider } from 'react-router-dom'
