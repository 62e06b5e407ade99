import { Link } from 'react-router';
import { paths } from '../shared/paths.ts';
import { useTitle } from '../shared/useTitle.ts';

export function NotFound() {
  useTitle('Page not found');
  return (
    <main className="page narrow">
      <div className="card stack" style={{ textAlign: 'center', marginTop: '3rem' }}>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <Link to={paths.newsfeed} className="button">Go to Home</Link>
      </div>
    </main>
  );
}
