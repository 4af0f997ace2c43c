import { NotFoundPage } from './error-pages.tsx';

export default NotFoundPage;
