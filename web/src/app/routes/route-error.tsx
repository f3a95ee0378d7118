// The routes' errorElement (router.tsx): a page that failed to render, or whose code failed to load,
// shows CouldNotShow in its place. Under the shell the header and navigation stay; a link elsewhere
// leaves the error behind.
import { useLocation, useNavigate } from 'react-router';
import { CouldNotShow, dropCachedAnswers } from '../../components/error-boundary';

export function RouteError() {
  const location = useLocation();
  const navigate = useNavigate();
  // Going to the same address again is what clears react-router's error (a new location); the cached
  // answers go first, so the page renders from fresh ones.
  const retry = async () => {
    await dropCachedAnswers();
    await navigate(location, { replace: true, state: location.state });
  };
  return <CouldNotShow what="This page" heading="h1" onRetry={() => void retry()} />;
}
