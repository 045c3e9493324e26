import { render } from 'preact';
import { App } from './app';
import { interceptLinks } from './router';
import './styles.css';

const root = document.getElementById('app')!;
interceptLinks(root);
render(<App />, root);
