import { render } from 'preact';
import { App } from './app';
import { interceptLinks } from './router';
// Style files in cascade order (later rules refine earlier ones).
import './styles/base.css';
import './styles/controls.css';
import './styles/data.css';
import './styles/adapt.css';
import './styles/small-screens.css';
import './styles/pages.css';

const root = document.getElementById('app')!;
interceptLinks(root);
render(<App />, root);
